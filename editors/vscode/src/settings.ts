// The client's settings: which command starts the server, and what the server is told.
// Pure (no `vscode`): unit-tested in test/settings.test.ts.
import * as path from 'path';

/** The settings section, as the server names it (`workspace/configuration` section). */
export const SECTION = 'nvgpu-ls';

/** The settings the server reads (it reports any other key as unknown). */
export const SERVER_SETTING_KEYS = [
  'target', 'configPath', 'rules', 'loweringEngine', 'ptxasPath', 'idleMemoryRelease', 'resourceLens',
] as const;

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
}

/** The server's part of the `nvgpu-ls` section, as initializationOptions and as the answer to
 * `workspace/configuration`: client-only keys (serverPath, pythonPath, trace) left out, empty
 * strings sent as null (the server's "not set"). */
export function serverSettings(section: unknown): ServerSettings {
  const out: Record<string, unknown> = {};
  if (section === null || typeof section !== 'object') {
    return out;
  }
  const values = section as Record<string, unknown>;
  for (const key of SERVER_SETTING_KEYS) {
    const value = values[key];
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
): ServerSettings & { trustedTools: string[] } {
  const trusted = typeof userPtxasPath === 'string' && userPtxasPath.trim() !== '' ? [userPtxasPath.trim()] : [];
  return { ...serverSettings(section), trustedTools: trusted };
}

/** The answer to a `workspace/configuration` request, with each `nvgpu-ls` section reduced
 * to the server's settings; other sections pass unchanged. */
export function filterConfigurationResult(items: ReadonlyArray<{ section?: string }>, results: unknown[]): unknown[] {
  return results.map((result, index) => (items[index]?.section === SECTION ? serverSettings(result) : result));
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
        `nvgpu-ls: the language server '${server}' was not found ${where}. Install it (pip install nvgpu-ls) ` +
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
