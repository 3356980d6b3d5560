import * as assert from 'assert';
import { SymbolLike, resolveTarget, statusBarText, targetFromSymbols, targetsFromText, targetsOfDetail } from '../target';

function symbol(name: string, kind: number, detail: string | null, start: number, end: number, children: SymbolLike[] = []): SymbolLike {
  return { name, kind, detail, range: { start: { line: start, character: 0 }, end: { line: end, character: 1 } }, children };
}

const FILE: SymbolLike[] = [
  symbol('<builtin.module>', 2, null, 0, 40, [
    symbol('hopper', 2, 'sm_90a', 1, 20, [symbol('k', 12, 'kernel (%a: f32)', 2, 19)]),
    symbol('ampere', 2, 'sm_80', 21, 30),
    symbol('plain', 2, 'sm_90a+ptx80 (from settings)', 31, 39),
  ]),
];

describe('targetFromSymbols', () => {
  it('gives the module under the cursor', () => {
    assert.strictEqual(targetFromSymbols(FILE, 5)?.text, 'sm_90a');
    assert.strictEqual(targetFromSymbols(FILE, 25)?.text, 'sm_80');
    assert.strictEqual(targetFromSymbols(FILE, 25)?.origin, 'module ampere');
  });

  it('keeps the fallback target with its origin', () => {
    assert.strictEqual(targetFromSymbols(FILE, 33)?.text, 'sm_90a+ptx80 (from settings)');
  });

  it('lists every module target outside the modules', () => {
    assert.deepStrictEqual(targetFromSymbols(FILE, 40)?.targets, ['sm_90a', 'sm_80', 'sm_90a+ptx80 (from settings)']);
  });

  it('says "no target" for modules naming none and nothing without modules', () => {
    const none = [symbol('m', 2, 'no target', 0, 3)];
    assert.strictEqual(targetFromSymbols(none, 1)?.text, 'no target');
    assert.strictEqual(targetFromSymbols([symbol('f', 12, 'kernel ()', 0, 3)], 1), undefined);
  });

  it('splits details naming several chips', () => {
    assert.deepStrictEqual(targetsOfDetail('sm_80, sm_90a'), ['sm_80', 'sm_90a']);
    assert.deepStrictEqual(targetsOfDetail('no target'), []);
  });
});

describe('targetsFromText', () => {
  it('reads #nvvm.target chips with their PTX ISA', () => {
    const text = [
      '// #nvvm.target<chip = "sm_70"> in a comment does not count',
      'gpu.module @a [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {}',
      'gpu.module @b [#nvvm.target<O = 3, chip = "sm_80">] {}',
      'gpu.module @c attributes {nv_tileaa.target_spec = "sm_89"} {}',
    ].join('\n');
    assert.deepStrictEqual(targetsFromText(text), ['sm_90a+ptx80', 'sm_80', 'sm_89']);
  });
});

describe('resolveTarget', () => {
  it('prefers the server, then the text, then the setting', () => {
    assert.strictEqual(resolveTarget({ symbols: FILE, line: 5, text: '', settingTarget: 'sm_75' }).text, 'sm_90a');
    const text = 'gpu.module @a [#nvvm.target<chip = "sm_86">] {}';
    assert.strictEqual(resolveTarget({ symbols: null, text, settingTarget: 'sm_75' }).text, 'sm_86');
    assert.strictEqual(resolveTarget({ symbols: [], text: 'func.func @f() { return }', settingTarget: 'sm_75' }).text, 'sm_75');
    assert.strictEqual(resolveTarget({ text: '', settingTarget: '' }).text, 'no target');
  });

  it('formats the status bar', () => {
    const shown = statusBarText(resolveTarget({ text: '', settingTarget: 'sm_90a' }));
    assert.strictEqual(shown.text, '$(circuit-board) sm_90a');
    assert.match(shown.tooltip, /nvgpu-ls target: sm_90a \(from the nvgpu-ls.target setting\)/);
  });
});
