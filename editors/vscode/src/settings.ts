// The client's settings: which command starts the server, and what the server is told.
// Pure (no `vscode`): unit-tested in test/settings.test.ts.
import * as path from 'path';

/** The settings section, as the server names it (`workspace/configuration` section). */
export const SECTION = 'nvgpu-ls';

/** The settings the server reads (it reports any other key as unknown). */
export const SERVER_SETTING_KEYS = [
  'target', 'configPath', 'rules', 'loweringEngine', 'ptxasPath', 'idleMemoryRelease', 'resourceLens',
  'diagnostics', 'optLevel', 'debugInfo',
] as const;

/** LLVM's MLIR extension, which runs `mlir-lsp-server` for `.mlir` files when `mlir.server_path`
 * names one (it starts none when the setting is empty and no `mlir-lsp-server` is in the workspace). */
export const MLIR_EXTENSION = 'llvm-vs-code-extensions.vscode-mlir';

/** What the client knows of the editor around it. */
export interface Neighbours {
  /** The MLIR extension is installed and set to run upstream's server. */
  mlirServer: boolean;
}

/** Settings that change the server's command line or what it trusts at launch: the client
 * restarts when they change. */
export const RESTART_SETTINGS = [`${SECTION}.serverPath`, `${SECTION}.pythonPath`, `${SECTION}.ptxasPath`];

export interface ServerSettings {
  target?: string | null;
  configPath?: string | null;
  rules?: Record<string, string>;
  loweringEngine?: string;
  ptxasPath?: string | null;
  idleMemoryRelease?: number;
  resourceLens?: boolean;
  diagnostics?: string;
  optLevel?: number | null;
}

/** The server's `diagnostics` setting for the client's: `auto` (the default) is `beyondUpstream`
 * when the MLIR extension runs `mlir-lsp-server` beside us, so that each finding shows once,
 * and `all` otherwise; the other values pass as they are. */
export function diagnosticsMode(value: unknown, neighbours: Neighbours): string {
  if (value === undefined || value === null || value === '' || value === 'auto') {
    return neighbours.mlirServer ? 'beyondUpstream' : 'all';
  }
  return String(value);
}

/** Whether the MLIR extension will run a server: it is installed and its `mlir.server_path`
 * names one. */
export function mlirServerRunning(extensionInstalled: boolean, serverPath: unknown): boolean {
  return extensionInstalled && typeof serverPath === 'string' && serverPath.trim() !== '';
}

/** The server's part of the `nvgpu-ls` section, as initializationOptions and as the answer to
 * `workspace/configuration`: client-only keys (serverPath, pythonPath, trace) left out, empty
 * strings sent as null (the server's "not set"). */
export function serverSettings(section: unknown, neighbours: Neighbours = { mlirServer: false }): ServerSettings {
  const out: Record<string, unknown> = {};
  const values = section !== null && typeof section === 'object' ? (section as Record<string, unknown>) : {};
  for (const key of SERVER_SETTING_KEYS) {
    const value = values[key];
    if (key === 'diagnostics') {
      out[key] = diagnosticsMode(value, neighbours);
      continue;
    }
    if (value === undefined) {
      continue;
    }
    out[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return out as ServerSettings;
}

/** The initializationOptions: the server's settings, and in `trustedTools` the ptxas the user
 * named in user settings. Workspace settings reach the server as well, so it runs a program a
 * setting names only when the launch lists it; VS Code tells the two apart here, where
 * `userPtxasPath` is the user-level value (`inspect(...).globalValue`), never a workspace's. */
export function initializationOptions(
  section: unknown,
  userPtxasPath: unknown,
  neighbours: Neighbours = { mlirServer: false },
): ServerSettings & { trustedTools: string[] } {
  const trusted = typeof userPtxasPath === 'string' && userPtxasPath.trim() !== '' ? [userPtxasPath.trim()] : [];
  return { ...serverSettings(section, neighbours), trustedTools: trusted };
}

/** The answer to a `workspace/configuration` request, with each `nvgpu-ls` section reduced
 * to the server's settings; other sections pass unchanged. */
export function filterConfigurationResult(
  items: ReadonlyArray<{ section?: string }>,
  results: unknown[],
  neighbours: Neighbours = { mlirServer: false },
): unknown[] {
  return results.map((result, index) =>
    items[index]?.section === SECTION ? serverSettings(result, neighbours) : result,
  );
}

export interface LaunchSettings {
  serverPath?: string;
  pythonPath?: string;
}

export interface Host {
  /** PATH (and PATHEXT on Windows). */
  env: Record<string, string | undefined>;
  platform: string;
  home: string;
  /** Where relative paths in settings are resolved (the first workspace folder), if any. */
  cwd?: string;
  isExecutable(file: string): boolean;
}

export type ServerCommand =
  | { ok: true; command: string; args: string[]; description: string }
  | { ok: false; message: string };

/** The command that starts the server: `<pythonPath> -m nvgpu_ls` when pythonPath is set,
 * else serverPath (default `nvgpu-ls`); a bare name is searched on PATH, a path is used as
 * it is (`~` expanded, relative to the workspace folder). */
export function resolveServerCommand(settings: LaunchSettings, host: Host): ServerCommand {
  const python = (settings.pythonPath ?? '').trim();
  if (python !== '') {
    const found = findExecutable(python, host);
    if (found === undefined) {
      return {
        ok: false,
        message: `nvgpu-ls: the Python interpreter '${python}' (setting nvgpu-ls.pythonPath) was not found.`,
      };
    }
    return { ok: true, command: found, args: ['-m', 'nvgpu_ls'], description: `${found} -m nvgpu_ls` };
  }
  const server = (settings.serverPath ?? '').trim() || 'nvgpu-ls';
  const found = findExecutable(server, host);
  if (found === undefined) {
    const where = isBareName(server) ? 'on PATH' : 'at that path';
    return {
      ok: false,
      message:
        `nvgpu-ls: the language server '${server}' was not found ${where}. Install it ` +
        `(pipx install "nvgpu-ls @ git+https://github.com/nvgpu-ls/nvgpu-ls") ` +
        `or set nvgpu-ls.serverPath, or nvgpu-ls.pythonPath to a Python that has it.`,
    };
  }
  return { ok: true, command: found, args: [], description: found };
}

function isBareName(command: string): boolean {
  return !command.includes('/') && !command.includes('\\') && !command.startsWith('~');
}

/** `command` as an executable file, or undefined. */
export function findExecutable(command: string, host: Host): string | undefined {
  const pathApi = host.platform === 'win32' ? path.win32 : path.posix;
  const extensions =
    host.platform === 'win32'
      ? ['', ...(host.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter((e) => e !== '')]
      : [''];
  const candidates = (base: string) => extensions.map((ext) => base + ext);
  if (!isBareName(command)) {
    let file = command.startsWith('~') ? pathApi.join(host.home, command.slice(1)) : command;
    if (!pathApi.isAbsolute(file) && host.cwd !== undefined) {
      file = pathApi.resolve(host.cwd, file);
    }
    return candidates(file).find((candidate) => host.isExecutable(candidate));
  }
  const delimiter = host.platform === 'win32' ? ';' : ':';
  const dirs = (host.env.PATH ?? host.env.Path ?? '').split(delimiter).filter((d) => d !== '');
  for (const dir of dirs) {
    const found = candidates(pathApi.join(dir, command)).find((candidate) => host.isExecutable(candidate));
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}
