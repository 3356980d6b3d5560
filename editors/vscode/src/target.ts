// The target shown in the status bar for the active .mlir file. Pure: unit-tested.
//
// First choice: the server's document symbols. nvgpu-ls gives each module symbol
// (SymbolKind.Module) the chips it is compiled for as its detail ("sm_90a"), or, for a
// gpu.module naming none, the fallback target and where it came from ("sm_90a+ptx80 (from
// settings)"), or "no target". When the server has not answered, the file's own
// `#nvvm.target<chip = "...">` attributes, then the `nvgpu-ls.target` setting.

export const SYMBOL_KIND_MODULE = 2;

export interface Position {
  line: number;
  character: number;
}

export interface SymbolLike {
  name: string;
  kind: number;
  detail?: string | null;
  range: { start: Position; end: Position };
  children?: SymbolLike[];
}

export interface ResolvedTarget {
  /** The status-bar text, e.g. "sm_90a" or "sm_80, sm_90a". */
  text: string;
  /** What the text is based on, for the tooltip. */
  origin: string;
  /** Every target found, in the file's order. */
  targets: string[];
}

const NO_TARGET = 'no target';

function contains(symbol: SymbolLike, line: number): boolean {
  return symbol.range.start.line <= line && line <= symbol.range.end.line;
}

function details(symbols: SymbolLike[], out: { detail: string; symbol: SymbolLike }[] = []) {
  for (const symbol of symbols) {
    if (symbol.kind === SYMBOL_KIND_MODULE && symbol.detail) {
      out.push({ detail: symbol.detail, symbol });
    }
    details(symbol.children ?? [], out);
  }
  return out;
}

/** Splits a module detail into its targets: "sm_80, sm_90a" → ["sm_80", "sm_90a"]. */
export function targetsOfDetail(detail: string): string[] {
  if (detail.trim() === NO_TARGET) {
    return [];
  }
  return detail
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The target of the module under `line` (the innermost module symbol with a detail that holds
 * it), or every module's targets when the line is in none; undefined when the symbols name none. */
export function targetFromSymbols(symbols: SymbolLike[], line?: number): ResolvedTarget | undefined {
  const found = details(symbols);
  if (found.length === 0) {
    return undefined;
  }
  if (line !== undefined) {
    const around = found.filter((entry) => contains(entry.symbol, line));
    // the innermost: the last one found in document order among those that contain the line
    for (let i = around.length - 1; i >= 0; i--) {
      const targets = targetsOfDetail(around[i].detail);
      if (targets.length > 0) {
        return { text: targets.join(', '), origin: `module ${around[i].symbol.name}`, targets };
      }
    }
  }
  const targets = unique(found.flatMap((entry) => targetsOfDetail(entry.detail)));
  if (targets.length === 0) {
    return { text: NO_TARGET, origin: 'no gpu.module names a target', targets: [] };
  }
  return { text: targets.join(', '), origin: 'the gpu.modules of the file', targets };
}

const NVVM_TARGET = /#nvvm\.target\s*<([^>]*)>/g;
const CHIP = /\bchip\s*=\s*"([^"]*)"/;
const FEATURES = /\bfeatures\s*=\s*"([^"]*)"/;
const PTX = /\+ptx(\d+)/;
const TARGET_SPEC = /\bnv_tileaa\.target_spec\s*=\s*"([^"]*)"/g;

/** The targets the text names itself: each `#nvvm.target`'s chip (with `+ptxNN` when its
 * features give one, as "sm_90a+ptx80"), then `nv_tileaa.target_spec`; comments ignored. */
export function targetsFromText(text: string): string[] {
  const code = text
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
  const targets: string[] = [];
  for (const match of code.matchAll(NVVM_TARGET)) {
    const chip = CHIP.exec(match[1]);
    if (chip === null) {
      continue;
    }
    const ptx = PTX.exec(FEATURES.exec(match[1])?.[1] ?? '');
    targets.push(ptx !== null ? `${chip[1]}+ptx${ptx[1]}` : chip[1]);
  }
  for (const match of code.matchAll(TARGET_SPEC)) {
    targets.push(match[1]);
  }
  return unique(targets);
}

/** The status-bar target: from the server's symbols, else the file's text, else the
 * `nvgpu-ls.target` setting, else "no target". */
export function resolveTarget(options: {
  symbols?: SymbolLike[] | null;
  line?: number;
  text?: string;
  settingTarget?: string | null;
}): ResolvedTarget {
  const fromSymbols = options.symbols ? targetFromSymbols(options.symbols, options.line) : undefined;
  if (fromSymbols !== undefined) {
    return fromSymbols;
  }
  const fromText = options.text !== undefined ? targetsFromText(options.text) : [];
  if (fromText.length > 0) {
    return { text: fromText.join(', '), origin: 'the #nvvm.target attributes of the file', targets: fromText };
  }
  const setting = (options.settingTarget ?? '').trim();
  if (setting !== '') {
    return { text: setting, origin: 'the nvgpu-ls.target setting', targets: [setting] };
  }
  return { text: NO_TARGET, origin: 'neither the file nor the settings name a target', targets: [] };
}

/** The status-bar item's text and tooltip. */
export function statusBarText(target: ResolvedTarget): { text: string; tooltip: string } {
  return {
    text: `$(circuit-board) ${target.text}`,
    tooltip: `nvgpu-ls target: ${target.text} (from ${target.origin})`,
  };
}
