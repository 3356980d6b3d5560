// Runs the extension's activate() and deactivate() against a stand-in for the `vscode` module and
// for vscode-languageclient's LanguageClient: VS Code itself cannot be downloaded on the machines
// these tests run on (its update server is not reachable), so what is checked here is the wiring
// activation does through the API as @types/vscode types it — the commands it registers, the
// client it starts and with which options, what it does beside LLVM's MLIR extension, how it
// stops. What only a running VS Code shows (the extension host loading the bundle, real
// TextMate colouring in the editor, the language client's protocol over a real server) stays
// untested here; the bundle is loaded in the packaging test, the grammars in grammar.test.ts and
// the protocol in the Python end-to-end tests.
import * as assert from 'assert';
import * as path from 'path';
import Module = require('module');

type Listener = (...args: unknown[]) => unknown;

interface FakeClient {
  id: string;
  name: string;
  serverOptions: { command: string; args: string[] };
  clientOptions: {
    initializationOptions: Record<string, unknown>;
    synchronize: { configurationSection: string | string[] };
    middleware: { workspace: { configuration: Listener } };
  };
  started: boolean;
  stopped: boolean;
}

class World {
  commands = new Map<string, Listener>();
  settings: Record<string, Record<string, unknown>> = { 'nvgpu-ls': {}, mlir: {} };
  mlirInstalled = false;
  clients: FakeClient[] = [];
  extensionsChanged: Listener[] = [];
  output: string[] = [];
  errors: string[] = [];
}

let world = new World();

function disposable() {
  return { dispose: () => undefined };
}

function event() {
  return () => disposable();
}

class EventEmitter {
  private listeners: Listener[] = [];
  event = (listener: Listener) => {
    this.listeners.push(listener);
    return disposable();
  };
  fire(value: unknown) {
    this.listeners.forEach((l) => l(value));
  }
  dispose() {
    this.listeners = [];
  }
}

function configuration(section: string) {
  const values = () => world.settings[section] ?? {};
  return {
    get: (key: string, fallback?: unknown) => (key in values() ? values()[key] : fallback),
    inspect: (key: string) => ({ globalValue: values()[key] }),
    ...values(),
  };
}

const fakeVscode = {
  EventEmitter,
  StatusBarAlignment: { Left: 1, Right: 2 },
  ViewColumn: { Beside: -2 },
  Uri: {
    parse: (value: string) => ({ toString: () => value, scheme: value.split(':')[0] }),
    from: (parts: { scheme: string; path: string; query?: string }) => ({
      toString: () => `${parts.scheme}:${parts.path}${parts.query ? `?${parts.query}` : ''}`,
      scheme: parts.scheme,
    }),
  },
  window: {
    activeTextEditor: undefined,
    createOutputChannel: () => ({ appendLine: (line: string) => world.output.push(line), dispose: () => undefined }),
    createStatusBarItem: () => ({ show: () => undefined, hide: () => undefined, dispose: () => undefined }),
    showErrorMessage: async (message: string) => {
      world.errors.push(message);
      return undefined;
    },
    showWarningMessage: async () => undefined,
    showTextDocument: async () => undefined,
    onDidChangeActiveTextEditor: event(),
    onDidChangeTextEditorSelection: event(),
  },
  workspace: {
    workspaceFolders: undefined,
    textDocuments: [],
    getConfiguration: (section: string) => configuration(section),
    registerTextDocumentContentProvider: () => disposable(),
    onDidChangeTextDocument: event(),
    onDidCloseTextDocument: event(),
    onDidChangeConfiguration: event(),
    openTextDocument: async () => undefined,
  },
  commands: {
    registerCommand: (name: string, handler: Listener) => {
      world.commands.set(name, handler);
      return disposable();
    },
    executeCommand: async () => undefined,
  },
  languages: { getLanguages: async () => ['mlir'], setTextDocumentLanguage: async () => undefined },
  extensions: {
    getExtension: (id: string) => (id === 'llvm-vs-code-extensions.vscode-mlir' && world.mlirInstalled ? {} : undefined),
    onDidChange: (listener: Listener) => {
      world.extensionsChanged.push(listener);
      return disposable();
    },
  },
};

class LanguageClient implements FakeClient {
  started = false;
  stopped = false;
  state = 1;
  constructor(
    public id: string,
    public name: string,
    public serverOptions: FakeClient['serverOptions'],
    public clientOptions: FakeClient['clientOptions'],
  ) {
    world.clients.push(this);
  }
  async start() {
    this.started = true;
    this.state = 2;
  }
  async stop() {
    this.stopped = true;
    this.state = 1;
  }
}

const fakeClientModule = { LanguageClient, State: { Stopped: 1, Running: 2 }, TransportKind: { stdio: 0 },
  DocumentSymbolRequest: { type: 'textDocument/documentSymbol' } };

type Extension = { activate(context: unknown): Promise<void>; deactivate(): Promise<void> };

function loadExtension(): Extension {
  const moduleApi = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = moduleApi._load;
  moduleApi._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') {
      return fakeVscode;
    }
    if (request === 'vscode-languageclient/node') {
      return fakeClientModule;
    }
    return original.call(this, request, ...rest);
  };
  try {
    const file = path.resolve(__dirname, '..', 'extension.js');
    delete require.cache[file];
    return require(file) as Extension;
  } finally {
    moduleApi._load = original;
  }
}

async function activated(setup: (w: World) => void = () => undefined): Promise<Extension> {
  world = new World();
  world.settings['nvgpu-ls'].serverPath = process.execPath; // an executable file: the "server"
  setup(world);
  const extension = loadExtension();
  await extension.activate({ subscriptions: [] });
  return extension;
}

describe('activation (against a stand-in vscode API)', () => {
  it('registers the commands and starts the server over stdio with the settings', async () => {
    const extension = await activated((w) => {
      w.settings['nvgpu-ls'].target = 'sm_90a';
    });
    for (const command of ['nvgpu.lowerToNvvm', 'nvgpu.previewPtx', 'nvgpu.previewSass', 'nvgpu.restartServer',
      'nvgpu.showServerStatus']) {
      assert.ok(world.commands.has(command), `${command} is registered`);
    }
    const [client] = world.clients;
    assert.ok(client.started);
    assert.strictEqual(client.serverOptions.command, process.execPath);
    assert.strictEqual(client.clientOptions.initializationOptions.target, 'sm_90a');
    assert.strictEqual(client.clientOptions.initializationOptions.diagnostics, 'all');
    assert.deepStrictEqual(client.clientOptions.synchronize.configurationSection, ['nvgpu-ls', 'mlir']);
    await extension.deactivate();
    assert.ok(client.stopped);
  });

  it('leaves upstream\'s findings to mlir-lsp-server when the MLIR extension runs it', async () => {
    await activated((w) => {
      w.mlirInstalled = true;
      w.settings.mlir.server_path = '/usr/bin/mlir-lsp-server-22';
    });
    const [client] = world.clients;
    assert.strictEqual(client.clientOptions.initializationOptions.diagnostics, 'beyondUpstream');
    assert.ok(world.output.some((line) => line.includes('runs mlir-lsp-server for .mlir files too')));
    const answer = await client.clientOptions.middleware.workspace.configuration(
      { items: [{ section: 'nvgpu-ls' }] }, undefined, async () => [{ target: 'sm_80' }]);
    assert.deepStrictEqual(answer, [{ target: 'sm_80', diagnostics: 'beyondUpstream' }]);
  });

  it('publishes everything beside an MLIR extension that starts no server, and restarts when that changes', async () => {
    await activated((w) => {
      w.mlirInstalled = true;
    });
    assert.strictEqual(world.clients[0].clientOptions.initializationOptions.diagnostics, 'all');
    world.settings.mlir.server_path = '/usr/bin/mlir-lsp-server-22';
    await world.extensionsChanged[0]();
    assert.strictEqual(world.clients.length, 2, 'a new client after the change');
    assert.ok(world.clients[0].stopped && world.clients[1].started);
    assert.strictEqual(world.clients[1].clientOptions.initializationOptions.diagnostics, 'beyondUpstream');
  });

  it('says what to do when the server cannot be found, and starts no client', async () => {
    await activated((w) => {
      w.settings['nvgpu-ls'].serverPath = '/nonexistent/nvgpu-ls';
    });
    assert.strictEqual(world.clients.length, 0);
    assert.ok(world.errors.some((message) => message.includes("'/nonexistent/nvgpu-ls' was not found")));
  });
});
