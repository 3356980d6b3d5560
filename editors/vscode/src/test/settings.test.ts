import * as assert from 'assert';
import {
  Host,
  RESTART_SETTINGS,
  diagnosticsMode,
  filterConfigurationResult,
  findExecutable,
  initializationOptions,
  mlirServerRunning,
  resolveServerCommand,
  serverSettings,
} from '../settings';

function host(executables: string[], extra: Partial<Host> = {}): Host {
  return {
    env: { PATH: '/usr/local/bin:/usr/bin' },
    platform: 'linux',
    home: '/home/me',
    isExecutable: (file) => executables.includes(file),
    ...extra,
  };
}

describe('resolveServerCommand', () => {
  it('finds the default nvgpu-ls on PATH', () => {
    const found = resolveServerCommand({}, host(['/usr/bin/nvgpu-ls']));
    assert.deepStrictEqual(found, { ok: true, command: '/usr/bin/nvgpu-ls', args: [], description: '/usr/bin/nvgpu-ls' });
  });

  it('takes the first PATH entry that has it', () => {
    const found = resolveServerCommand({ serverPath: 'nvgpu-ls' }, host(['/usr/bin/nvgpu-ls', '/usr/local/bin/nvgpu-ls']));
    assert.ok(found.ok && found.command === '/usr/local/bin/nvgpu-ls');
  });

  it('runs <python> -m nvgpu_ls when pythonPath is set, before serverPath', () => {
    const found = resolveServerCommand(
      { serverPath: '/opt/nvgpu-ls', pythonPath: '/venv/bin/python' },
      host(['/venv/bin/python', '/opt/nvgpu-ls']),
    );
    assert.ok(found.ok);
    assert.strictEqual(found.command, '/venv/bin/python');
    assert.deepStrictEqual(found.args, ['-m', 'nvgpu_ls']);
  });

  it('searches a bare python name on PATH', () => {
    const found = resolveServerCommand({ pythonPath: 'python3' }, host(['/usr/bin/python3']));
    assert.ok(found.ok && found.command === '/usr/bin/python3');
  });

  it('expands ~ and resolves relative paths against the workspace folder', () => {
    assert.strictEqual(findExecutable('~/.local/bin/nvgpu-ls', host(['/home/me/.local/bin/nvgpu-ls'])), '/home/me/.local/bin/nvgpu-ls');
    assert.strictEqual(findExecutable('.venv/bin/nvgpu-ls', host(['/ws/.venv/bin/nvgpu-ls'], { cwd: '/ws' })), '/ws/.venv/bin/nvgpu-ls');
  });

  it('says what is missing and which setting to change', () => {
    const missing = resolveServerCommand({}, host([]));
    assert.ok(!missing.ok);
    assert.match(missing.message, /'nvgpu-ls' was not found on PATH/);
    assert.match(missing.message, /nvgpu-ls\.serverPath/);
    const badPython = resolveServerCommand({ pythonPath: '/nope/python' }, host([]));
    assert.ok(!badPython.ok);
    assert.match(badPython.message, /nvgpu-ls\.pythonPath/);
    const badPath = resolveServerCommand({ serverPath: '/opt/x/nvgpu-ls' }, host([]));
    assert.ok(!badPath.ok && /at that path/.test(badPath.message));
  });

  it('uses PATHEXT on Windows', () => {
    const windows = host(['C:\\tools\\nvgpu-ls.EXE'], { platform: 'win32', env: { PATH: 'C:\\tools', PATHEXT: '.COM;.EXE' } });
    const found = resolveServerCommand({}, windows);
    assert.ok(found.ok && found.command === 'C:\\tools\\nvgpu-ls.EXE');
  });

  it('restarts only for the settings of the command line', () => {
    assert.deepStrictEqual(RESTART_SETTINGS, ['nvgpu-ls.serverPath', 'nvgpu-ls.pythonPath', 'nvgpu-ls.ptxasPath']);
  });
});

describe('serverSettings', () => {
  it('keeps the server keys only, empty strings as null', () => {
    const section = {
      serverPath: 'nvgpu-ls',
      pythonPath: '',
      trace: { server: 'off' },
      target: 'sm_90a+ptx80',
      configPath: '',
      loweringEngine: 'upstream',
      ptxasPath: '/usr/local/cuda/bin/ptxas',
      idleMemoryRelease: 60,
      rules: { 'nvgpu.sm-gate': 'warning', 'ssa.*': 'off' },
    };
    assert.deepStrictEqual(serverSettings(section), {
      target: 'sm_90a+ptx80',
      configPath: null,
      loweringEngine: 'upstream',
      ptxasPath: '/usr/local/cuda/bin/ptxas',
      idleMemoryRelease: 60,
      rules: { 'nvgpu.sm-gate': 'warning', 'ssa.*': 'off' },
      diagnostics: 'all',
    });
  });

  it('trusts only the ptxas of user settings at launch', () => {
    const section = { target: 'sm_90a', ptxasPath: '/checkout/ptxas' };
    assert.deepStrictEqual(initializationOptions(section, undefined), {
      target: 'sm_90a',
      ptxasPath: '/checkout/ptxas',
      diagnostics: 'all',
      trustedTools: [],
    });
    assert.deepStrictEqual(initializationOptions(section, ' /opt/cuda/bin/ptxas ').trustedTools, ['/opt/cuda/bin/ptxas']);
    assert.deepStrictEqual(initializationOptions(section, '').trustedTools, []);
  });

  it('answers the defaults for no section', () => {
    assert.deepStrictEqual(serverSettings(undefined), { diagnostics: 'all' });
    assert.deepStrictEqual(serverSettings(null), { diagnostics: 'all' });
  });

  it('filters the nvgpu-ls section of a workspace/configuration answer only', () => {
    const answer = filterConfigurationResult(
      [{ section: 'nvgpu-ls' }, { section: 'editor' }],
      [{ target: 'sm_80', serverPath: 'x' }, { tabSize: 2 }],
    );
    assert.deepStrictEqual(answer, [{ target: 'sm_80', diagnostics: 'all' }, { tabSize: 2 }]);
  });
});

describe('beside the MLIR extension', () => {
  it('publishes only what mlir-lsp-server does not report when that extension runs it', () => {
    const both = { mlirServer: mlirServerRunning(true, '/usr/bin/mlir-lsp-server-22') };
    assert.strictEqual(serverSettings({}, both).diagnostics, 'beyondUpstream');
    assert.strictEqual(initializationOptions({ diagnostics: 'auto' }, undefined, both).diagnostics, 'beyondUpstream');
    const answer = filterConfigurationResult([{ section: 'nvgpu-ls' }], [{}], both);
    assert.deepStrictEqual(answer, [{ diagnostics: 'beyondUpstream' }]);
  });

  it('publishes everything when the MLIR extension is absent or starts no server', () => {
    for (const [installed, path] of [[false, '/usr/bin/mlir-lsp-server-22'], [true, ''], [true, undefined]] as const) {
      assert.strictEqual(serverSettings({}, { mlirServer: mlirServerRunning(installed, path) }).diagnostics, 'all');
    }
  });

  it('keeps a mode the user chose', () => {
    for (const mode of ['all', 'beyondUpstream', 'off']) {
      assert.strictEqual(diagnosticsMode(mode, { mlirServer: true }), mode);
      assert.strictEqual(diagnosticsMode(mode, { mlirServer: false }), mode);
    }
  });
});
