// The nvgpu-ls extension: starts the language server, shows lowered NVVM and PTX in read-only
// side documents that follow the source, and the active file's target in the status bar.
// The logic that needs no VS Code lives in settings.ts, target.ts, preview.ts and debounce.ts.
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import {
  DocumentSymbolRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { KeyedDebouncer } from './debounce';
import { clientLensCommand } from './lens';
import {
  PREVIEW_LANGUAGES,
  PREVIEW_REQUESTS,
  PREVIEW_SCHEME,
  PreviewKind,
  parsePreviewUri,
  previewParams,
  previewUri,
  renderLowered,
  renderPtx,
  renderSass,
} from './preview';
import {
  MLIR_EXTENSION,
  Neighbours,
  RESTART_SETTINGS,
  SECTION,
  filterConfigurationResult,
  initializationOptions,
  mlirServerRunning,
  resolveServerCommand,
} from './settings';
import { SymbolLike, resolveTarget, statusBarText } from './target';

const OPEN_SETTINGS = 'Open Settings';
const PREVIEW_DELAY_MS = 400;
const STATUS_DELAY_MS = 300;

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
/** Whether the MLIR extension ran mlir-lsp-server when the client last started. */
let startedBeside = false;

function isExecutable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    fs.accessSync(file, process.platform === 'win32' ? fs.constants.F_OK : fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function showError(message: string): void {
  void vscode.window.showErrorMessage(message, OPEN_SETTINGS).then((choice) => {
    if (choice === OPEN_SETTINGS) {
      void vscode.commands.executeCommand('workbench.action.openSettings', SECTION);
    }
  });
}

/** Whether LLVM's MLIR extension runs mlir-lsp-server beside us (then `diagnostics: auto` leaves
 * upstream's findings to it). */
function neighbours(): Neighbours {
  const installed = vscode.extensions.getExtension(MLIR_EXTENSION) !== undefined;
  return { mlirServer: mlirServerRunning(installed, vscode.workspace.getConfiguration('mlir').get('server_path')) };
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const around = neighbours();
  startedBeside = around.mlirServer;
  if (around.mlirServer) {
    output.appendLine(
      `${MLIR_EXTENSION} runs mlir-lsp-server for .mlir files too: with nvgpu-ls.diagnostics = auto, nvgpu-ls ` +
        'publishes only what that server does not report (set it to "all" or "off" to choose otherwise)',
    );
  }
  const resolved = resolveServerCommand(
    { serverPath: config.get<string>('serverPath'), pythonPath: config.get<string>('pythonPath') },
    {
      env: process.env,
      platform: process.platform,
      home: os.homedir(),
      cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
      isExecutable,
    },
  );
  if (!resolved.ok) {
    output.appendLine(resolved.message);
    showError(resolved.message);
    return;
  }
  output.appendLine(`starting ${resolved.description}`);
  const serverOptions: ServerOptions = {
    command: resolved.command,
    args: resolved.args,
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'mlir' },
      { scheme: 'untitled', language: 'mlir' },
    ],
    // 'mlir': the MLIR extension's server_path decides what `diagnostics: auto` means.
    synchronize: { configurationSection: [SECTION, 'mlir'] },
    initializationOptions: initializationOptions(config, config.inspect<string>('ptxasPath')?.globalValue, around),
    outputChannel: output,
    middleware: {
      // A resource lens opens the SASS preview beside the source (the server's command would
      // answer the SASS as data, shown nowhere).
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        for (const lens of lenses ?? []) {
          const mapped = clientLensCommand(lens.command);
          if (mapped !== undefined) {
            lens.command = { title: mapped.title, command: mapped.command, arguments: [vscode.Uri.parse(mapped.uri)] };
          }
        }
        return lenses;
      },
      workspace: {
        // The server reads only its own keys and reports unknown ones: leave out the client's.
        configuration: async (params, token, next) => {
          const results = await next(params, token);
          return Array.isArray(results) ? filterConfigurationResult(params.items, results, neighbours()) : results;
        },
      },
    },
  };
  client = new LanguageClient(SECTION, 'nvgpu-ls', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const message = `nvgpu-ls: the language server (${resolved.description}) failed to start: ${String(error)}`;
    output.appendLine(message);
    showError(message);
  }
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    try {
      await running.stop();
    } catch (error) {
      output.appendLine(`stopping the language server: ${String(error)}`);
    }
  }
}

async function restartClient(): Promise<void> {
  await stopClient();
  await startClient();
}

function readyClient(): LanguageClient | undefined {
  return client !== undefined && client.state === State.Running ? client : undefined;
}

/** What the server holds (nvgpu-ls/serverStatus), written to the nvgpu-ls output channel. */
async function showServerStatus(): Promise<void> {
  const running = readyClient();
  if (running === undefined) {
    void vscode.window.showWarningMessage('nvgpu-ls is not running.');
    return;
  }
  try {
    const status = await running.sendRequest<{ text?: string }>('nvgpu-ls/serverStatus', null);
    output.appendLine(status.text ?? JSON.stringify(status, null, 2));
    output.show(true);
  } catch (error) {
    void vscode.window.showErrorMessage(`nvgpu-ls: the server status failed: ${String(error)}`);
  }
}

/** The read-only NVVM and PTX documents; their text follows the source's edits. */
class PreviewProvider implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly debouncer = new KeyedDebouncer(PREVIEW_DELAY_MS);

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const parsed = parsePreviewUri({ scheme: uri.scheme, path: uri.path, query: uri.query });
    if (parsed === undefined) {
      return `// nvgpu-ls: not a preview document: ${uri.toString()}\n`;
    }
    const running = readyClient();
    if (running === undefined) {
      return '// nvgpu-ls: the language server is not running.\n';
    }
    try {
      const result = await running.sendRequest<Record<string, unknown>>(
        PREVIEW_REQUESTS[parsed.kind],
        previewParams(parsed.kind, parsed.sourceUri),
        token,
      );
      return parsed.kind === 'nvvm' ? renderLowered(result) : parsed.kind === 'sass' ? renderSass(result) : renderPtx(result);
    } catch (error) {
      return `// nvgpu-ls: ${PREVIEW_REQUESTS[parsed.kind]} failed: ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  /** The open previews of `source`. */
  previewsOf(source: vscode.Uri): vscode.Uri[] {
    const key = source.toString();
    return vscode.workspace.textDocuments
      .map((doc) => doc.uri)
      .filter((uri) => uri.scheme === PREVIEW_SCHEME && parsePreviewUri(uri)?.sourceUri === key);
  }

  /** Called on every edit of a source document: its open previews refresh once typing pauses. */
  sourceChanged(source: vscode.Uri): void {
    if (this.previewsOf(source).length === 0) {
      return;
    }
    this.debouncer.trigger(source.toString(), () => {
      for (const uri of this.previewsOf(source)) {
        this.changed.fire(uri);
      }
    });
  }

  refreshAll(): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === PREVIEW_SCHEME) {
        this.changed.fire(doc.uri);
      }
    }
  }

  dispose(): void {
    this.debouncer.dispose();
    this.changed.dispose();
  }
}

async function openPreview(provider: PreviewProvider, kind: PreviewKind, arg?: unknown): Promise<void> {
  const source = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (source === undefined || source.scheme === PREVIEW_SCHEME) {
    void vscode.window.showWarningMessage('nvgpu-ls: open an .mlir file first.');
    return;
  }
  if (readyClient() === undefined) {
    showError('nvgpu-ls: the language server is not running; check the nvgpu-ls settings.');
    return;
  }
  const uri = vscode.Uri.from(previewUri(kind, source.toString()));
  let doc = await vscode.workspace.openTextDocument(uri);
  const language = PREVIEW_LANGUAGES[kind];
  if (doc.languageId !== language && (await vscode.languages.getLanguages()).includes(language)) {
    doc = await vscode.languages.setTextDocumentLanguage(doc, language);
  }
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  provider.sourceChanged(source); // a preview opened again shows the newest text
}

/** The status-bar item with the resolved target of the active .mlir file. */
class TargetStatus {
  private readonly item = vscode.window.createStatusBarItem('nvgpu-ls.target', vscode.StatusBarAlignment.Right, 100);
  private readonly debouncer = new KeyedDebouncer(STATUS_DELAY_MS);
  private symbols = new Map<string, SymbolLike[] | null>();

  constructor() {
    this.item.name = 'nvgpu-ls target';
  }

  /** Ask the server again for `doc`'s symbols (after an edit or a new client), then show. */
  invalidate(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    this.debouncer.trigger(key, () => void this.fetch(doc));
  }

  private async fetch(doc: vscode.TextDocument): Promise<void> {
    const running = readyClient();
    let symbols: SymbolLike[] | null = null;
    if (running !== undefined) {
      try {
        const answer = await running.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: doc.uri.toString() } });
        symbols = Array.isArray(answer) && (answer.length === 0 || 'range' in answer[0]) ? (answer as SymbolLike[]) : null;
      } catch {
        symbols = null;
      }
    }
    this.symbols.set(doc.uri.toString(), symbols);
    this.show();
  }

  show(): void {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined || editor.document.languageId !== 'mlir' || editor.document.uri.scheme === PREVIEW_SCHEME) {
      this.item.hide();
      return;
    }
    const doc = editor.document;
    const key = doc.uri.toString();
    if (!this.symbols.has(key)) {
      this.invalidate(doc);
    }
    const target = resolveTarget({
      symbols: this.symbols.get(key),
      line: editor.selection.active.line,
      text: doc.getText(),
      settingTarget: vscode.workspace.getConfiguration(SECTION, doc.uri).get<string>('target'),
    });
    const { text, tooltip } = statusBarText(target);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.command = 'nvgpu.previewPtx';
    this.item.show();
  }

  forget(doc: vscode.TextDocument): void {
    this.symbols.delete(doc.uri.toString());
    this.debouncer.cancel(doc.uri.toString());
  }

  clear(): void {
    this.symbols.clear();
  }

  dispose(): void {
    this.debouncer.dispose();
    this.item.dispose();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('nvgpu-ls');
  const provider = new PreviewProvider();
  const status = new TargetStatus();
  context.subscriptions.push(
    output,
    provider,
    status,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, provider),
    vscode.commands.registerCommand('nvgpu.lowerToNvvm', (arg?: unknown) => openPreview(provider, 'nvvm', arg)),
    vscode.commands.registerCommand('nvgpu.previewPtx', (arg?: unknown) => openPreview(provider, 'ptx', arg)),
    vscode.commands.registerCommand('nvgpu.previewSass', (arg?: unknown) => openPreview(provider, 'sass', arg)),
    vscode.commands.registerCommand('nvgpu.showServerStatus', showServerStatus),
    vscode.commands.registerCommand('nvgpu.restartServer', async () => {
      await restartClient();
      status.clear();
      status.show();
      provider.refreshAll();
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.scheme === PREVIEW_SCHEME || event.contentChanges.length === 0) {
        return;
      }
      provider.sourceChanged(event.document.uri);
      if (event.document.languageId === 'mlir') {
        status.invalidate(event.document);
      }
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => status.forget(doc)),
    vscode.window.onDidChangeActiveTextEditor(() => status.show()),
    vscode.window.onDidChangeTextEditorSelection((event) => {
      if (event.textEditor === vscode.window.activeTextEditor) {
        status.show();
      }
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (RESTART_SETTINGS.some((key) => event.affectsConfiguration(key))) {
        output.appendLine('server settings changed: restarting the language server');
        await restartClient();
        status.clear();
        provider.refreshAll();
      } else if (event.affectsConfiguration(SECTION)) {
        // the client forwards the change; the server re-reads its settings and re-checks
        status.clear();
        provider.refreshAll();
      }
      status.show();
    }),
    vscode.extensions.onDidChange(async () => {
      // The MLIR extension installed or removed: `diagnostics: auto` means something else now.
      if (client !== undefined && neighbours().mlirServer !== startedBeside) {
        output.appendLine(`${MLIR_EXTENSION} changed: restarting the language server`);
        await restartClient();
      }
    }),
  );
  await startClient();
  status.show();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
