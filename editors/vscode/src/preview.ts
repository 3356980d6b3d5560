// The read-only side documents of "Lower to NVVM", "Preview PTX" and "Preview SASS": their URIs and text.
// Pure: unit-tested.

/** The scheme of the preview documents (a TextDocumentContentProvider answers it). */
export const PREVIEW_SCHEME = 'nvgpu-ls-preview';

export type PreviewKind = 'nvvm' | 'ptx' | 'sass';

/** The request each preview sends to the server. */
export const PREVIEW_REQUESTS: Record<PreviewKind, string> = {
  nvvm: 'nvgpu-ls/lowerToNvvm',
  ptx: 'nvgpu-ls/previewPtx',
  sass: 'nvgpu-ls/previewSass',
};

/** The language of each preview document (the path's extension gives the same). */
export const PREVIEW_LANGUAGES: Record<PreviewKind, string> = { nvvm: 'mlir', ptx: 'ptx', sass: 'plaintext' };

const SUFFIXES: Record<PreviewKind, string> = { nvvm: '.nvvm.mlir', ptx: '.ptx', sass: '.sass.txt' };

export interface UriParts {
  scheme: string;
  path: string;
  query: string;
}

/** The path part of a URI string (decoded), e.g. "/home/me/k.mlir" for "file:///home/me/k.mlir". */
export function uriPath(uri: string): string {
  const match = /^[A-Za-z][\w+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/.exec(uri);
  const raw = match !== null ? match[1] : uri;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The preview document of `sourceUri`: `nvgpu-ls-preview:/dir/k.nvvm.mlir?<source uri>`. */
export function previewUri(kind: PreviewKind, sourceUri: string): UriParts {
  let path = uriPath(sourceUri);
  if (!path.startsWith('/')) {
    path = `/${path}`;
  }
  path = path.replace(/\.mlir$/, '') + SUFFIXES[kind];
  return { scheme: PREVIEW_SCHEME, path, query: encodeURIComponent(sourceUri) };
}

/** The kind and source of a preview URI, or undefined for any other URI. */
export function parsePreviewUri(parts: UriParts): { kind: PreviewKind; sourceUri: string } | undefined {
  if (parts.scheme !== PREVIEW_SCHEME || parts.query === '') {
    return undefined;
  }
  const kind = (Object.keys(SUFFIXES) as PreviewKind[]).find((k) => parts.path.endsWith(SUFFIXES[k]));
  if (kind === undefined) {
    return undefined;
  }
  try {
    return { kind, sourceUri: decodeURIComponent(parts.query) };
  } catch {
    return undefined;
  }
}

/** The request's parameters. */
export function previewParams(kind: PreviewKind, sourceUri: string): Record<string, unknown> {
  const params: Record<string, unknown> = { textDocument: { uri: sourceUri } };
  if (kind === 'ptx') {
    params.validate = true;
  }
  return params;
}

interface LspDiagnostic {
  range?: { start?: { line?: number; character?: number } };
  severity?: number;
  message?: string;
  code?: string | number;
}

const SEVERITIES: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

function diagnosticLines(diagnostics: LspDiagnostic[] | undefined, comment: string, onlyErrors: boolean): string[] {
  return (diagnostics ?? [])
    .filter((d) => !onlyErrors || d.severity === 1)
    .map((d) => {
      const line = (d.range?.start?.line ?? 0) + 1;
      const column = (d.range?.start?.character ?? 0) + 1;
      const code = d.code !== undefined ? ` [${d.code}]` : '';
      return `${comment} ${line}:${column}: ${SEVERITIES[d.severity ?? 1] ?? 'error'}: ${d.message ?? ''}${code}`;
    });
}

/** The text of the "Lower to NVVM" document for the server's answer `{text, diagnostics, engine}`. */
export function renderLowered(result: { text?: string | null; diagnostics?: LspDiagnostic[]; engine?: string }): string {
  if (typeof result.text === 'string' && result.text !== '') {
    return result.text;
  }
  const lines = [`// nvgpu-ls: not lowered (engine: ${result.engine ?? 'builtin'}); the source has errors:`];
  lines.push(...diagnosticLines(result.diagnostics, '//', true));
  if (lines.length === 1) {
    lines.push(...diagnosticLines(result.diagnostics, '//', false));
  }
  return lines.join('\n') + '\n';
}

interface PtxasReport {
  module?: string;
  chip?: string;
  ok?: boolean;
  kernels?: {
    name: string;
    registers?: number | null;
    spillStores?: number | null;
    spillLoads?: number | null;
    sharedBytes?: number | null;
    summary?: string;
  }[];
  messages?: string[];
}

function kernelLine(kernel: NonNullable<PtxasReport['kernels']>[number]): string {
  if (typeof kernel.summary === 'string' && kernel.summary !== '') {
    return `//   ${kernel.name}: ${kernel.summary}`;
  }
  return (
    `//   ${kernel.name}: ${kernel.registers ?? '?'} registers, ${kernel.sharedBytes ?? 0} bytes shared, ` +
    `${kernel.spillStores ?? 0} spill stores, ${kernel.spillLoads ?? 0} spill loads`
  );
}

/** The text of the "Preview PTX" document for the server's answer `{ptx, ptxasReport, diagnostics, engine}`:
 * ptxas's verdict per module as comments, then the PTX. */
export function renderPtx(result: {
  ptx?: string | null;
  ptxasReport?: PtxasReport[];
  diagnostics?: LspDiagnostic[];
  engine?: string;
}): string {
  const header: string[] = [];
  for (const report of result.ptxasReport ?? []) {
    header.push(`// ptxas ${report.chip ?? ''} @${report.module ?? ''}: ${report.ok ? 'ok' : 'FAILED'}`);
    for (const kernel of report.kernels ?? []) {
      header.push(kernelLine(kernel));
    }
    for (const message of report.messages ?? []) {
      header.push(`//   ${message}`);
    }
  }
  if (typeof result.ptx !== 'string' || result.ptx === '') {
    header.unshift(`// nvgpu-ls: no PTX (engine: ${result.engine ?? 'builtin'}):`);
    header.push(...diagnosticLines(result.diagnostics, '//', true));
    if (header.length === 1) {
      header.push(...diagnosticLines(result.diagnostics, '//', false));
    }
    return header.join('\n') + '\n';
  }
  return (header.length > 0 ? header.join('\n') + '\n\n' : '') + result.ptx;
}

/** The text of the "Preview SASS" document for the server's answer `{sass, ptxasReport, diagnostics, engine}`:
 * each kernel's resources and occupancy as comments, then its SASS. */
export function renderSass(result: {
  sass?: string | null;
  ptxasReport?: PtxasReport[];
  diagnostics?: LspDiagnostic[];
  engine?: string;
}): string {
  const text = renderPtx({ ...result, ptx: result.sass });
  return typeof result.sass === 'string' && result.sass !== '' ? text : text.replace('// nvgpu-ls: no PTX', '// nvgpu-ls: no SASS');
}

/** The modules' targets of a PTX preview answer, e.g. ["sm_90a+ptx80"]. */
export function targetsOfPreview(result: { modules?: { chip?: string | null; features?: string | null }[] }): string[] {
  return (result.modules ?? [])
    .filter((m) => m.chip)
    .map((m) => {
      const ptx = /\+ptx(\d+)/.exec(m.features ?? '');
      return ptx !== null ? `${m.chip}+ptx${ptx[1]}` : String(m.chip);
    });
}
