import * as assert from 'assert';
import { CLIENT_SASS_COMMAND, SERVER_SASS_COMMAND, clientLensCommand } from '../lens';

describe('resource lenses', () => {
  // A lens as the server sends it (tests/test_resource_lens_e2e.py pins the server's side).
  const lens = {
    title: '90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads (31% of warps, limited by registers)',
    command: SERVER_SASS_COMMAND,
    arguments: [{ textDocument: { uri: 'file:///home/me/gemm.mlir' } }],
  };

  it('keeps the figures as the title and opens the SASS preview of the lens document', () => {
    assert.deepStrictEqual(clientLensCommand(lens), {
      title: lens.title,
      command: CLIENT_SASS_COMMAND,
      uri: 'file:///home/me/gemm.mlir',
    });
  });

  it('leaves other lenses and malformed arguments as they are', () => {
    assert.strictEqual(clientLensCommand(undefined), undefined);
    assert.strictEqual(clientLensCommand({ title: 't', command: 'other.command' }), undefined);
    assert.strictEqual(clientLensCommand({ ...lens, arguments: [] }), undefined);
    assert.strictEqual(clientLensCommand({ ...lens, arguments: [{ textDocument: { uri: 3 } }] }), undefined);
  });
});
