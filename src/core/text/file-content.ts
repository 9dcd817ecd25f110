import { isUtf8 } from 'buffer';
import { decodeText, encodeText, hashBytes } from './text';

/**
 * A file's bytes as read, decoded to text on first use: a reader that keys on the
 * bytes (core/parse-cache) never pays for decoding a file it already knows. Once
 * decoded, the bytes are let go; holders keep a `ContentKey`, not the content.
 */
export class FileContent {
  private decoded: string | null = null;

  private constructor(
    private raw: Uint8Array | null,
    private digest: string | null,
    /** Why the bytes are no text agents can read (binary, not UTF-8), when they are not. */
    readonly unreadable: string | undefined,
  ) {}

  /** Bytes just read (checked as they are, so the text is decoded only when asked for). */
  static of(bytes: Uint8Array): FileContent {
    const unreadable = bytes.indexOf(0) >= 0 ? 'contains NUL bytes: it is a binary file, not text' : isUtf8(bytes) ? undefined : 'is not valid UTF-8 text';
    return new FileContent(bytes, null, unreadable);
  }

  /**
   * A file known by its hash without being read (a cache that trusts the file's stat, see
   * core/parse-cache): only its hash can be asked for. Asking for its text is a bug.
   */
  static known(sha256: string, unreadable: string | undefined): FileContent {
    return new FileContent(null, sha256, unreadable);
  }

  /** The text, byte for byte (see `decodeText`). */
  get text(): string {
    if (this.decoded === null) {
      if (this.raw === null) throw new Error('FileContent.known has no text: the file was not read');
      this.decoded = decodeText(this.raw);
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
    if ('sha256' in key) return this.sha256() === key.sha256;
    // A content known only by its hash is not compared with a text (it counts as changed: parsed again by hash).
    return (this.raw !== null || this.decoded !== null) && this.text === key.text;
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
