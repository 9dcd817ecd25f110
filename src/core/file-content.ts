import { decodeText, encodeText, hashBytes } from './text';

/**
 * A file's bytes as read, decoded to text on first use: a reader that keys on the
 * bytes (core/parse-cache) never pays for decoding a file it already knows. Once
 * decoded, the bytes are let go; holders keep a `ContentKey`, not the content.
 */
export class FileContent {
  private raw: Uint8Array | null;
  private decoded: string | null = null;
  private digest: string | null = null;

  constructor(bytes: Uint8Array) {
    this.raw = bytes;
  }

  /** The text, byte for byte (see `decodeText`). */
  get text(): string {
    if (this.decoded === null) {
      this.decoded = decodeText(this.raw!);
      this.raw = null;
    }
    return this.decoded;
  }

  /**
   * SHA-256 of the bytes (of the text's UTF-8 once decoded, the same bytes for any valid
   * UTF-8 file): equal hashes mean the same text, so the same parse.
   */
  sha256(): string {
    this.digest ??= hashBytes(this.raw ?? encodeText(this.decoded!));
    return this.digest;
  }

  /** What to keep of it to tell later whether a file changed: its text when decoded (it was parsed), else its hash. */
  key(): ContentKey {
    return this.decoded !== null ? { text: this.decoded } : { sha256: this.sha256() };
  }

  /** The content `key` was taken from (compared the way it was kept). */
  matches(key: ContentKey | null): boolean {
    if (key === null) return false;
    return 'text' in key ? this.text === key.text : this.sha256() === key.sha256;
  }
}

/** See `FileContent.key`: a holder keeps this rather than the content, so the bytes are not kept alive. */
export type ContentKey = { readonly text: string } | { readonly sha256: string };

/** Two keys of the same content (`null`: nothing was read); keys of different kinds count as different. */
export function sameContentKey(a: ContentKey | null, b: ContentKey | null): boolean {
  if (a === null || b === null) return a === b;
  if ('text' in a) return 'text' in b && a.text === b.text;
  return 'sha256' in b && a.sha256 === b.sha256;
}
