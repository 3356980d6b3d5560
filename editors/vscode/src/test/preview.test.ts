import * as assert from 'assert';
import { PREVIEW_SCHEME, parsePreviewUri, previewParams, previewUri, renderLowered, renderPtx, renderSass, targetsOfPreview, uriPath } from '../preview';

describe('preview URIs', () => {
  it('names the NVVM and PTX documents after the source, keeping the source in the query', () => {
    const source = 'file:///home/me/kernels/gemm%20tile.mlir';
    const nvvm = previewUri('nvvm', source);
    assert.deepStrictEqual(nvvm, { scheme: PREVIEW_SCHEME, path: '/home/me/kernels/gemm tile.nvvm.mlir', query: encodeURIComponent(source) });
    assert.strictEqual(previewUri('ptx', source).path, '/home/me/kernels/gemm tile.ptx');
    assert.deepStrictEqual(parsePreviewUri(nvvm), { kind: 'nvvm', sourceUri: source });
    assert.deepStrictEqual(parsePreviewUri(previewUri('ptx', source)), { kind: 'ptx', sourceUri: source });
  });

  it('works for untitled documents', () => {
    const parts = previewUri('ptx', 'untitled:Untitled-1');
    assert.strictEqual(parts.path, '/Untitled-1.ptx');
    assert.strictEqual(parsePreviewUri(parts)?.sourceUri, 'untitled:Untitled-1');
  });

  it('names the SASS document after the source too, as plain text', () => {
    const source = 'file:///home/me/gemm.mlir';
    assert.strictEqual(previewUri('sass', source).path, '/home/me/gemm.sass.txt');
    assert.deepStrictEqual(parsePreviewUri(previewUri('sass', source)), { kind: 'sass', sourceUri: source });
    assert.deepStrictEqual(previewParams('sass', source), { textDocument: { uri: source } });
  });

  it('shows each kernel summary above the SASS, and says when there is none', () => {
    const kernels = [{ name: 'gemm', registers: 90, summary: '90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads' }];
    const text = renderSass({ sass: '/*0000*/  EXIT ;\n', ptxasReport: [{ module: 'm', chip: 'sm_90a', ok: true, kernels }] });
    assert.strictEqual(text, '// ptxas sm_90a @m: ok\n//   gemm: 90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads\n\n/*0000*/  EXIT ;\n');
    assert.ok(renderSass({ sass: null, diagnostics: [] }).startsWith('// nvgpu-ls: no SASS'));
  });

  it('refuses other URIs', () => {
    assert.strictEqual(parsePreviewUri({ scheme: 'file', path: '/a.ptx', query: 'x' }), undefined);
    assert.strictEqual(parsePreviewUri({ scheme: PREVIEW_SCHEME, path: '/a.txt', query: 'x' }), undefined);
    assert.strictEqual(parsePreviewUri({ scheme: PREVIEW_SCHEME, path: '/a.ptx', query: '' }), undefined);
  });

  it('reads URI paths', () => {
    assert.strictEqual(uriPath('file:///tmp/a.mlir'), '/tmp/a.mlir');
    assert.strictEqual(uriPath('vscode-remote://ssh-remote+h/x/y.mlir?q#f'), '/x/y.mlir');
  });

  it('asks the server for the document, ptxas validation for PTX', () => {
    assert.deepStrictEqual(previewParams('nvvm', 'file:///a.mlir'), { textDocument: { uri: 'file:///a.mlir' } });
    assert.deepStrictEqual(previewParams('ptx', 'file:///a.mlir'), { textDocument: { uri: 'file:///a.mlir' }, validate: true });
  });
});

describe('preview text', () => {
  const error = { range: { start: { line: 4, character: 2 } }, severity: 1, message: "'nvgpu.warpgroup.mma' requires sm_90a", code: 'nvgpu.sm-gate' };
  const warning = { range: { start: { line: 1, character: 0 } }, severity: 2, message: 'w', code: 'x' };

  it('shows the lowered text as it is', () => {
    assert.strictEqual(renderLowered({ text: 'llvm.func @f()\n', diagnostics: [warning] }), 'llvm.func @f()\n');
  });

  it('shows why a file was not lowered', () => {
    const text = renderLowered({ text: null, diagnostics: [warning, error], engine: 'builtin' });
    assert.match(text, /^\/\/ nvgpu-ls: not lowered \(engine: builtin\)/);
    assert.match(text, /\/\/ 5:3: error: 'nvgpu.warpgroup.mma' requires sm_90a \[nvgpu.sm-gate\]/);
    assert.doesNotMatch(text, /warning/);
  });

  it('puts ptxas verdicts above the PTX', () => {
    const text = renderPtx({
      ptx: '.version 8.0\n.target sm_90a\n',
      ptxasReport: [{ module: 'k', chip: 'sm_90a', ok: true, kernels: [{ name: 'gemm', registers: 40, sharedBytes: 0, spillStores: 0, spillLoads: 0 }], messages: [] }],
    });
    assert.match(text, /^\/\/ ptxas sm_90a @k: ok\n\/\/   gemm: 40 registers, 0 bytes shared, 0 spill stores, 0 spill loads\n\n\.version 8\.0/);
  });

  it('shows the errors when there is no PTX', () => {
    const text = renderPtx({ ptx: null, diagnostics: [error], engine: 'upstream' });
    assert.match(text, /no PTX \(engine: upstream\)/);
    assert.match(text, /5:3: error/);
  });

  it('reads the targets of a preview', () => {
    assert.deepStrictEqual(targetsOfPreview({ modules: [{ chip: 'sm_90a', features: '+ptx80' }, { chip: 'sm_80', features: null }] }), ['sm_90a+ptx80', 'sm_80']);
  });
});
