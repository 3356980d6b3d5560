// The resource code lenses the server puts above each kernel: clicking one opens the SASS
// preview beside the source. Pure (no `vscode`): unit-tested in test/lens.test.ts.

/** The server's command on a resource lens (workspace/executeCommand answers the SASS as data). */
export const SERVER_SASS_COMMAND = 'nvgpu-ls.previewSass';

/** The client's command that opens the SASS preview document. */
export const CLIENT_SASS_COMMAND = 'nvgpu.previewSass';

export interface LensCommand {
  title: string;
  command: string;
  arguments?: unknown[];
}

/** The client command a lens runs instead of the server's: the SASS preview of the document the
 * lens is on (its URI, from the server's arguments `[{textDocument: {uri}}]`). Undefined for a
 * lens that is not a resource lens, which is left as the server sent it. */
export function clientLensCommand(command: LensCommand | undefined): { title: string; command: string; uri: string } | undefined {
  if (command === undefined || command.command !== SERVER_SASS_COMMAND) {
    return undefined;
  }
  const first = command.arguments?.[0] as { textDocument?: { uri?: unknown } } | undefined;
  const uri = first?.textDocument?.uri;
  if (typeof uri !== 'string' || uri === '') {
    return undefined;
  }
  return { title: command.title, command: CLIENT_SASS_COMMAND, uri };
}
