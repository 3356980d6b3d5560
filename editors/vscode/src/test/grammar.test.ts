// Runs the real TextMate engine (vscode-textmate with the Oniguruma wasm VS Code uses) over
// test/fixtures/*.mlir and checks the scopes of the tokens that matter for nvgpu kernels.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const GRAMMAR = path.join(ROOT, 'syntaxes', 'mlir.tmLanguage.json');

interface Token {
  start: number;
  end: number;
  scopes: string[];
}

let grammar: textmate.IGrammar;

const INJECTION = path.join(ROOT, 'syntaxes', 'nvgpu-injection.tmLanguage.json');
const OTHER_BASE = path.join(FIXTURES, 'other-mlir.tmLanguage.json');

/** `source.mlir` from `base` with the nvgpu injection, as VS Code composes them (package.json's
 * `injectTo`); `base` is ours, or a stand-in for LLVM's MLIR extension's grammar. */
async function loadGrammar(base: string = GRAMMAR): Promise<textmate.IGrammar> {
  if (!wasmLoaded) {
    const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    wasmLoaded = true;
  }
  const files: Record<string, string> = { 'source.mlir': base, 'source.mlir.nvgpu-injection': INJECTION };
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      files[scopeName] ? textmate.parseRawGrammar(fs.readFileSync(files[scopeName], 'utf8'), files[scopeName]) : null,
    getInjections: (scopeName: string) => (scopeName === 'source.mlir' ? ['source.mlir.nvgpu-injection'] : undefined),
  });
  const loaded = await registry.loadGrammar('source.mlir');
  assert.ok(loaded, 'the grammar loads');
  return loaded;
}

let wasmLoaded = false;

class Tokenized {
  readonly lines: string[];
  readonly tokens: Token[][] = [];

  constructor(readonly name: string, readonly using: textmate.IGrammar = grammar) {
    this.lines = fs.readFileSync(path.join(FIXTURES, name), 'utf8').split('\n');
    let state = textmate.INITIAL;
    for (const line of this.lines) {
      const result = this.using.tokenizeLine(line, state);
      // the last token may cover the line's (implicit) newline: end it at the line's end
      this.tokens.push(result.tokens.map((t) => ({ start: t.startIndex, end: Math.min(t.endIndex, line.length), scopes: t.scopes })));
      state = result.ruleStack;
    }
  }

  /** The scopes of every token of the `nth` occurrence of `needle` on the first line holding `lineHas`. */
  scopesOf(lineHas: string, needle: string, nth = 0): string[][] {
    const index = this.lines.findIndex((line) => line.includes(lineHas));
    assert.ok(index >= 0, `${this.name}: no line holds ${JSON.stringify(lineHas)}`);
    const line = this.lines[index];
    let at = -1;
    for (let i = 0; i <= nth; i++) {
      at = line.indexOf(needle, at + 1);
      assert.ok(at >= 0, `${this.name}:${index + 1}: ${JSON.stringify(needle)} #${nth} not in ${JSON.stringify(line)}`);
    }
    const end = at + needle.length;
    return this.tokens[index].filter((t) => t.start < end && t.end > at).map((t) => t.scopes);
  }

  /** Asserts that the whole of `needle` (and nothing around it) is one token with `scope` (a prefix match). */
  expect(lineHas: string, needle: string, scope: string, nth = 0): void {
    const tokens = this.scopesOf(lineHas, needle, nth);
    const where = `${this.name}: ${JSON.stringify(needle)} on the line with ${JSON.stringify(lineHas)}`;
    assert.ok(tokens.length > 0, `${where}: no token`);
    for (const scopes of tokens) {
      assert.ok(
        scopes.some((s) => s === scope || s.startsWith(scope + '.')),
        `${where}: expected ${scope}, got ${JSON.stringify(scopes)}`,
      );
    }
    const index = this.lines.findIndex((line) => line.includes(lineHas));
    let at = -1;
    for (let i = 0; i <= nth; i++) {
      at = this.lines[index].indexOf(needle, at + 1);
    }
    const first = this.tokens[index].find((t) => t.start <= at && t.end > at)!;
    const last = this.tokens[index].find((t) => t.start < at + needle.length && t.end >= at + needle.length)!;
    assert.ok(first.start === at && last.end === at + needle.length, `${where}: the token is not exactly ${JSON.stringify(needle)}`);
  }

  /** Asserts that no token of `needle` has a scope starting with `scope`. */
  expectNot(lineHas: string, needle: string, scope: string, nth = 0): void {
    for (const scopes of this.scopesOf(lineHas, needle, nth)) {
      assert.ok(!scopes.some((s) => s.startsWith(scope)), `${this.name}: ${JSON.stringify(needle)} must not be ${scope}: ${JSON.stringify(scopes)}`);
    }
  }
}

before(async () => {
  grammar = await loadGrammar();
});

describe('grammar: Hopper wgmma kernel', () => {
  let f: Tokenized;
  before(() => {
    f = new Tokenized('hopper_wgmma.mlir');
  });

  it('colours comments', () => {
    f.expect('// A Hopper', '// A Hopper (sm_90a) warpgroup GEMM tile: TMA loads into shared memory behind an mbarrier,', 'comment.line.double-slash.mlir');
    f.expectNot('// A Hopper', 'warpgroup', 'entity');
    f.expectNot('// A Hopper', 'sm_90a', 'support');
  });

  it('colours nvgpu ops in the custom form', () => {
    for (const op of [
      'nvgpu.mbarrier.create',
      'nvgpu.mbarrier.init',
      'nvgpu.mbarrier.arrive.expect_tx',
      'nvgpu.tma.async.load',
      'nvgpu.mbarrier.try_wait.parity',
      'nvgpu.warpgroup.generate.descriptor',
      'nvgpu.warpgroup.mma.init.accumulator',
      'nvgpu.warpgroup.mma.store',
    ]) {
      f.expect(`${op} `, op, 'entity.name.function.op.nvgpu.mlir');
    }
    f.expect('arith.constant 0', 'arith.constant', 'entity.name.function.op.mlir');
    f.expectNot('arith.constant 0', 'arith.constant', 'entity.name.function.op.nvgpu');
    f.expect('gpu.module @wgmma', 'gpu.module', 'entity.name.function.op.mlir');
    f.expect('gpu.return', 'gpu.return', 'entity.name.function.op.mlir');
  });

  it('colours nvgpu types and their parameters', () => {
    const tma = '!tmA = !nvgpu.tensormap.descriptor';
    f.expect(tma, '!tmA', 'entity.name.type.alias.definition.mlir');
    f.expect(tma, '!nvgpu.tensormap.descriptor', 'entity.name.type.nvgpu.mlir');
    f.expect(tma, 'tensor', 'variable.parameter.mlir', 1); // the first is in 'tensormap'
    f.expect(tma, 'memref', 'support.type.builtin.mlir');
    f.expect(tma, '128', 'constant.numeric.integer.dimension.mlir');
    f.expect(tma, 'f16', 'support.type.builtin.mlir');
    f.expect(tma, 'swizzle', 'variable.parameter.mlir');
    f.expect(tma, 'swizzle_128b', 'support.constant.enum.mlir');
    f.expect(tma, 'l2promo', 'variable.parameter.mlir');
    f.expect(tma, 'none', 'support.constant.enum.mlir', 0);
    f.expect(tma, 'oob', 'variable.parameter.mlir');
    f.expect(tma, 'zero', 'support.constant.enum.mlir');
    f.expect(tma, 'interleave', 'variable.parameter.mlir');
    for (const scopes of f.scopesOf(tma, 'swizzle_128b')) {
      assert.ok(scopes.includes('meta.type.nvgpu.mlir'));
    }

    const group = '!barriers = !nvgpu.mbarrier.group';
    f.expect(group, '!nvgpu.mbarrier.group', 'entity.name.type.nvgpu.mlir');
    f.expect(group, 'memorySpace', 'variable.parameter.mlir');
    f.expect(group, '#gpu.address_space', 'constant.other.attribute.dialect.mlir');
    f.expect(group, 'workgroup', 'support.constant.enum.mlir');

    const acc = '!acc = !nvgpu.warpgroup.accumulator';
    f.expect(acc, '!nvgpu.warpgroup.accumulator', 'entity.name.type.nvgpu.mlir');
    f.expect(acc, 'fragmented', 'variable.parameter.mlir');
    f.expect(acc, 'vector', 'support.type.builtin.mlir');
    f.expect(acc, 'f32', 'support.type.builtin.mlir');

    f.expect('-> !nvgpu.warpgroup.descriptor', '!nvgpu.warpgroup.descriptor', 'entity.name.type.nvgpu.mlir');
    f.expect('-> !nvgpu.mbarrier.token', '!nvgpu.mbarrier.token', 'entity.name.type.nvgpu.mlir');
    f.expect('nvgpu.mbarrier.create -> !barriers', '!barriers', 'entity.name.type.alias.mlir');
    f.expect('nvgpu.mbarrier.create -> !barriers', '->', 'keyword.operator.arrow.mlir');
  });

  it('colours #nvvm.target, its chip and PTX ISA', () => {
    const line = 'gpu.module @wgmma [#nvvm.target';
    f.expect(line, '#nvvm.target', 'constant.other.attribute.nvvm-target.mlir');
    f.expect(line, 'chip', 'variable.parameter.mlir');
    f.expect(line, 'sm_90a', 'support.constant.chip.mlir');
    f.expect(line, '"sm_90a"', 'string.quoted.double.mlir');
    f.expect(line, 'features', 'variable.parameter.mlir');
    f.expect(line, '+ptx80', 'support.constant.ptx-version.mlir');
  });

  it('colours SSA values, symbols, builtin types, numbers, keywords and attributes', () => {
    f.expect('%bar = nvgpu.mbarrier.create', '%bar', 'variable.other.ssa.mlir');
    f.expect('nvgpu.mbarrier.init %bar[%c0], %c1', '%c1', 'variable.other.ssa.mlir');
    f.expect('gpu.func @kernel', '@kernel', 'variable.other.constant.symbol.mlir');
    f.expect('%d: memref<64x128xf32>) kernel {', 'kernel', 'keyword.other.mlir', 1);
    f.expect('memref.get_global @smemA', '@smemA', 'variable.other.constant.symbol.mlir');
    f.expect('%c0 = arith.constant 0 : index', 'index', 'support.type.builtin.mlir');
    f.expect('%bytes = arith.constant 16384', '16384', 'constant.numeric.integer.mlir');
    f.expect('%phase = arith.constant false', 'false', 'constant.language.boolean.mlir');
    f.expect('memref.global "private"', '"private"', 'string.quoted.double.mlir');
    f.expect('{alignment = 1024 : i64}', 'alignment', 'entity.other.attribute-name.mlir');
    f.expect('{alignment = 1024 : i64}', 'i64', 'support.type.builtin.mlir');
    f.expect('{alignment = 1024 : i64}', '1024', 'constant.numeric.integer.mlir');
  });
});

describe('grammar: Ampere mma.sync kernel', () => {
  let f: Tokenized;
  before(() => {
    f = new Tokenized('ampere_mma.mlir');
  });

  it('colours nvgpu ops and other ops', () => {
    for (const op of ['nvgpu.device_async_copy', 'nvgpu.device_async_create_group', 'nvgpu.device_async_wait', 'nvgpu.mma.sync']) {
      f.expect(`${op} `, op, 'entity.name.function.op.nvgpu.mlir');
    }
    f.expect('%fa = nvgpu.ldmatrix', 'nvgpu.ldmatrix', 'entity.name.function.op.nvgpu.mlir');
    f.expect('%r = arith.addi', 'arith.addi', 'entity.name.function.op.mlir');
    f.expect('%r = arith.addi', '%r', 'variable.other.ssa.mlir');
    f.expect('%r = arith.addi', '=', 'keyword.operator.assignment.mlir');
    f.expect('%lane = gpu.thread_id x', 'gpu.thread_id', 'entity.name.function.op.mlir');
  });

  it('colours attribute dictionaries', () => {
    f.expect('{bypassL1}', 'bypassL1', 'entity.other.attribute-name.mlir');
    f.expect('{numGroups = 0 : i32}', 'numGroups', 'entity.other.attribute-name.mlir');
    const ld = '{numTiles = 4 : i32, transpose = false}';
    f.expect(ld, 'numTiles', 'entity.other.attribute-name.mlir');
    f.expect(ld, '4', 'constant.numeric.integer.mlir');
    f.expect(ld, 'i32', 'support.type.builtin.mlir');
    f.expect(ld, 'transpose', 'entity.other.attribute-name.mlir');
    f.expect(ld, 'false', 'constant.language.boolean.mlir');
    f.expect('{mmaShape = [16, 8, 16]}', 'mmaShape', 'entity.other.attribute-name.mlir');
    f.expect('{mmaShape = [16, 8, 16]}', '16', 'constant.numeric.integer.mlir');
  });

  it('colours memory spaces, vectors and dense attributes', () => {
    const ws = 'workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>)';
    f.expect(ws, 'workgroup', 'keyword.other.mlir', 0);
    f.expect(ws, '#gpu.address_space', 'constant.other.attribute.dialect.mlir');
    f.expect(ws, 'workgroup', 'support.constant.enum.mlir', 1);
    f.expect(ws, '%sa', 'variable.other.ssa.mlir');
    f.expect('dense<0.0>', 'dense', 'support.function.builtin-attribute.mlir');
    f.expect('dense<0.0>', '0.0', 'constant.numeric.float.mlir');
    f.expect('-> vector<4x2xf16>', 'vector', 'support.type.builtin.mlir');
    f.expect('-> vector<4x2xf16>', 'x', 'punctuation.separator.dimension.mlir', 0);
    f.expect('-> vector<4x2xf16>', 'f16', 'support.type.builtin.mlir');
    f.expect('[#nvvm.target<chip = "sm_80"', 'sm_80', 'support.constant.chip.mlir');
    f.expect('[#nvvm.target<chip = "sm_80"', '+ptx71', 'support.constant.ptx-version.mlir');
  });
});

describe('grammar: generic form', () => {
  let f: Tokenized;
  before(() => {
    f = new Tokenized('generic.mlir');
  });

  it('colours quoted op names as ops', () => {
    f.expect('"nvgpu.ldmatrix"(', 'nvgpu.ldmatrix', 'entity.name.function.op.generic.nvgpu.mlir');
    f.expectNot('"nvgpu.ldmatrix"(', 'nvgpu.ldmatrix', 'string');
    f.expect('"arith.addi"(', 'arith.addi', 'entity.name.function.op.generic.mlir');
    f.expect('"builtin.module"()', 'builtin.module', 'entity.name.function.op.generic.mlir');
    f.expect('"cf.br"()', 'cf.br', 'entity.name.function.op.generic.mlir');
  });

  it('colours properties and attribute dictionaries', () => {
    const line = '"nvgpu.ldmatrix"(';
    f.expect(line, 'numTiles', 'entity.other.attribute-name.mlir');
    f.expect(line, 'transpose', 'entity.other.attribute-name.mlir');
    for (const scopes of f.scopesOf(line, 'numTiles')) {
      assert.ok(scopes.includes('meta.properties.mlir'));
    }
    f.expect('<{sym_name = "generic"}>', 'sym_name', 'entity.other.attribute-name.mlir');
    f.expect('<{sym_name = "generic"}>', '"generic"', 'string.quoted.double.mlir');
    const dict = '{function_type = (memref';
    f.expect(dict, 'function_type', 'entity.other.attribute-name.mlir');
    f.expect(dict, 'sym_name', 'entity.other.attribute-name.mlir');
    f.expect(dict, 'gpu.kernel', 'entity.other.attribute-name.mlir');
    f.expectNot(dict, 'gpu.kernel', 'entity.name.function');
    f.expect('{targets = [#nvvm.target<chip = "sm_80">]}', '#nvvm.target', 'constant.other.attribute.nvvm-target.mlir');
  });

  it('colours result groups, result numbers and block labels', () => {
    f.expect('%pair:2 =', '%pair', 'variable.other.ssa.mlir');
    f.expect('%pair:2 =', ':', 'punctuation.separator.result-count.mlir');
    f.expect('%pair:2 =', '2', 'constant.numeric.integer.result-count.mlir');
    f.expect('(%pair#0, %pair#1)', '%pair', 'variable.other.ssa.mlir', 0);
    f.expect('(%pair#0, %pair#1)', '1', 'constant.numeric.integer.result-number.mlir');
    f.expect('^bb0(%arg0', '^bb0', 'entity.name.label.mlir');
    f.expect('^bb0(%arg0', '%arg0', 'variable.other.ssa.mlir');
    f.expect('"cf.br"()[^bb1]', '^bb1', 'entity.name.label.mlir');
    f.expect('    ^bb1:', '^bb1', 'entity.name.label.mlir');
  });

  it('colours locations', () => {
    const line = 'loc("generic.mlir":6:12)';
    f.expect(line, 'loc', 'keyword.other.location.mlir');
    f.expect(line, '"generic.mlir"', 'string.quoted.double.mlir');
    f.expect(line, '12', 'constant.numeric.integer.mlir');
    for (const scopes of f.scopesOf(line, '"generic.mlir"')) {
      assert.ok(scopes.includes('meta.location.mlir'));
    }
  });
});

describe('grammar: aliases and symbols', () => {
  let f: Tokenized;
  before(() => {
    f = new Tokenized('aliases.mlir');
  });

  it('colours attribute and type aliases where defined and used', () => {
    f.expect('#smem = #gpu.address_space', '#smem', 'constant.other.attribute.alias.definition.mlir');
    f.expect('#target = #nvvm.target', '#target', 'constant.other.attribute.alias.definition.mlir');
    f.expect('#target = #nvvm.target', '#nvvm.target', 'constant.other.attribute.nvvm-target.mlir');
    f.expect('gpu.module @mod [#target]', '#target', 'constant.other.attribute.alias.mlir');
    f.expect('!desc = !nvgpu', '#smem', 'constant.other.attribute.alias.mlir');
    f.expect('!desc = !nvgpu', 'l2promo_64b', 'support.constant.enum.mlir');
    f.expect('!desc = !nvgpu', 'nan', 'support.constant.enum.mlir');
    f.expect('!tok = !nvgpu.device.async.token', '!nvgpu.device.async.token', 'entity.name.type.nvgpu.mlir');
    f.expect('gpu.func @k(%t: !desc)', '!desc', 'entity.name.type.alias.mlir');
  });

  it('colours nested symbol references and ops', () => {
    const launch = 'gpu.launch_func @mod::@k';
    f.expect(launch, '@mod', 'variable.other.constant.symbol.mlir');
    f.expect(launch, '::', 'punctuation.separator.namespace.mlir');
    f.expect(launch, '@k', 'variable.other.constant.symbol.mlir');
    f.expect(launch, 'gpu.launch_func', 'entity.name.function.op.mlir');
    f.expect('nvgpu.tma.prefetch.descriptor %t', 'nvgpu.tma.prefetch.descriptor', 'entity.name.function.op.nvgpu.mlir');
    f.expect('func.func @host', 'func.func', 'entity.name.function.op.mlir');
  });

  it('colours builtin attributes in attribute dictionaries', () => {
    const line = '{gpu.known_block_size = array<i32: 128, 1, 1>}';
    f.expect(line, 'gpu.known_block_size', 'entity.other.attribute-name.mlir');
    f.expect(line, 'array', 'support.function.builtin-attribute.mlir');
    f.expect(line, 'i32', 'support.type.builtin.mlir');
    f.expect('module attributes {gpu.container_module}', 'gpu.container_module', 'entity.other.attribute-name.mlir');
    f.expect('module attributes {gpu.container_module}', 'attributes', 'keyword.other.mlir');
  });

  it('marks the split marker as a comment', () => {
    f.expect('// -----', '// -----', 'comment.line.double-slash.split.mlir');
  });
});

for (const [label, base] of [['our', GRAMMAR], ['another extension\'s', OTHER_BASE]] as const) {
  describe(`grammar: nvgpu and nvvm tokens injected over ${label} base grammar`, () => {
    let f: Tokenized;
    before(async () => {
      f = new Tokenized('beside_mlir_extension.mlir', await loadGrammar(base));
    });

    it('colours nvgpu and nvvm ops', () => {
      f.expect('nvgpu.mbarrier.arrive %bar', 'nvgpu.mbarrier.arrive', 'entity.name.function.op.nvgpu.mlir');
      f.expect('nvvm.read.ptx.sreg.tid.x', 'nvvm.read.ptx.sreg.tid.x', 'entity.name.function.op.nvvm.mlir');
      f.expectNot('arith.constant 0', 'arith.constant', 'entity.name.function.op.nvgpu');
    });

    it('colours nvgpu types and the target\'s chip and PTX ISA', () => {
      f.expect('-> !nvgpu.mbarrier.token', '!nvgpu.mbarrier.token', 'entity.name.type.nvgpu.mlir');
      f.expect('[#nvvm.target<chip = "sm_90a"', 'sm_90a', 'support.constant.chip.mlir');
      f.expect('[#nvvm.target<chip = "sm_90a"', '+ptx80', 'support.constant.ptx-version.mlir');
    });

    it('leaves comments alone', () => {
      f.expectNot('// nvgpu and nvvm tokens', 'nvgpu', 'entity');
    });
  });
}
