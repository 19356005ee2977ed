/** When the stream a run prints to fails under it: a closed pipe ends the run quietly, anything else in one line, exit 2. */
import { describe, expect, it } from 'vitest';
import { EXIT, onOutputError } from '../../src/cli/terminal.js';

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });

describe('a failing output stream', () => {
  it("is the reader's choice when it is a closed pipe: the code so far, nothing said", () => {
    expect(onOutputError('standard output', errno('EPIPE'), undefined)).toEqual({ line: null, code: EXIT.ok });
    expect(onOutputError('standard output', errno('EPIPE'), EXIT.violations)).toEqual({
      line: null,
      code: EXIT.violations,
    });
  });

  it.each([
    ['ENOSPC', 'the disk is full (ENOSPC)'],
    ['EIO', 'input/output error (a failing disk?) (EIO)'],
    ['EDQUOT', 'the disk quota is used up (EDQUOT)'],
  ])('says %s in one line, exit 2', (code, words) => {
    expect(onOutputError('standard output', errno(code), 0)).toEqual({
      line: `error: cannot write to standard output: ${words}\n`,
      code: EXIT.badInput,
    });
  });

  it('says nothing on the stream that failed, and still exits 2', () => {
    expect(onOutputError('standard error', errno('ENOSPC'), 0)).toEqual({ line: null, code: EXIT.badInput });
  });
});
