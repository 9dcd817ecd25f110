import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import type { LiveTeam } from '../team/live-team';

/**
 * The Cortex MCP server for VS Code's own agents (Copilot agent mode and any chat that
 * uses MCP tools): a server definition provider, registered under
 * `contributes.mcpServerDefinitionProviders`, that offers one stdio server for the
 * team folder this window shows, `cortex-team mcp --team <folder>`, run by the
 * extension host's own Node (`process.execPath`; Electron's binary acts as Node with
 * `ELECTRON_RUN_AS_NODE`) from the extension's `dist/cli.js`. Nothing to install or
 * configure. When another team folder is shown (or none), VS Code is told the
 * definitions changed and asks again. No server is offered in Restricted Mode (its
 * tools write, and the dashboard writes nothing there until the workspace is trusted)
 * or for a folder that is not on the extension host's disk (a virtual file system),
 * since the CLI reads files directly.
 *
 * The server runs without `--agent`: the person in the chat acts, and the tools ask
 * whom a write is for.
 */
export const MCP_PROVIDER_ID = 'cortex';
/** The server's label; VS Code names its tools after it (`mcp_cortex_claim_task`…). */
export const MCP_SERVER_LABEL = 'Cortex';

export interface McpProviderDeps {
  readonly extensionUri: vscode.Uri;
  readonly version: string;
  readonly team: Pick<LiveTeam, 'place' | 'onDidChange'>;
  readonly log: vscode.LogOutputChannel;
}

export class CortexMcpServerProvider extends DisposableBase implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  /** The team folder the last definitions were for (`undefined`: none). */
  private served: string | undefined;

  /** `registerWith`: hands the provider to the editor (`vscode.lm.registerMcpServerDefinitionProvider`). */
  constructor(
    private readonly deps: McpProviderDeps,
    registerWith: (provider: CortexMcpServerProvider) => vscode.Disposable,
  ) {
    super();
    this.served = this.teamPath();
    this.register(registerWith(this));
    this.register(
      deps.team.onDidChange((e) => {
        if (e.reason !== 'location' && e.reason !== 'trust') return;
        const now = this.teamPath();
        if (now === this.served) return;
        this.served = now;
        deps.log.info(`MCP: the Cortex server now serves ${now ?? 'no team folder (none shown, Restricted Mode, or not on this disk)'}`);
        this.changed.fire();
      }),
    );
  }

  /** The definition for the team shown now; none without a team folder on this host's disk. */
  get definition(): vscode.McpStdioServerDefinition | undefined {
    const team = this.teamPath();
    if (team === undefined) return undefined;
    const cli = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'cli.js').fsPath;
    const server = new vscode.McpStdioServerDefinition(MCP_SERVER_LABEL, process.execPath, [cli, 'mcp', '--team', team], { ELECTRON_RUN_AS_NODE: '1' }, this.deps.version);
    server.cwd = vscode.Uri.file(team);
    return server;
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    const server = this.definition;
    return server ? [server] : [];
  }

  /** The team folder as a path on the extension host's disk (where the server runs); none in Restricted Mode. */
  private teamPath(): string | undefined {
    const { location, trusted } = this.deps.team.place;
    return trusted && location?.uri.scheme === 'file' ? location.uri.fsPath : undefined;
  }
}

/**
 * Registers the provider where the editor has the API (VS Code 1.101 and later; a fork
 * may lack it or refuse it): the dashboard works the same without it.
 */
export function registerMcpServerProvider(deps: McpProviderDeps): CortexMcpServerProvider | undefined {
  const lm = vscode.lm as Partial<typeof vscode.lm> | undefined;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function') {
    deps.log.info('MCP: this editor has no MCP server definition provider API; agents can still use `cortex-team mcp` (Generate Protocol File wires it in)');
    return undefined;
  }
  const register = lm.registerMcpServerDefinitionProvider.bind(lm);
  try {
    return new CortexMcpServerProvider(deps, (provider) => register(MCP_PROVIDER_ID, provider));
  } catch (e) {
    deps.log.warn(`MCP: the editor refused the server definition provider: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}
