import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../src/text.js';
import { runBuilt } from './helpers/cli.js';

describe('printable', () => {
  it('escapes C0, DEL, C1 and the bidi controls, and leaves other text alone', () => {
    expect(printable('Queen\u2019s Fleet — ⚓ 86 mm')).toBe('Queen\u2019s Fleet — ⚓ 86 mm');
    expect(printable('a\u001b[2Jb')).toBe('a\\u{1b}[2Jb');
    expect(printable('tab\tnew\nline\r')).toBe('tab\\tnew\\nline\\u{d}');
    expect(printable('\u007f\u0085\u202eevil\u2066')).toBe('\\u{7f}\\u{85}\\u{202e}evil\\u{2066}');
  });
});

describe('text from a faction file or an armada list', () => {
  it("is refused, named with its control characters escaped, in a faction's ability; printed escaped in a player's name in validate", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shipwright-text-'));
    await cp(join(import.meta.dirname, '../factions/corsairs.yaml'), join(dir, 'corsairs.yaml'));
    const yaml = await readFile(join(dir, 'corsairs.yaml'), 'utf8');
    await writeFile(join(dir, 'corsairs.yaml'), yaml.replace('name: Plunder', 'name: "Plu\\e[2Jnder\\u202e"'));
    // The card's lettering cannot draw them: refused at load, each named, none printed raw.
    const table = await runBuilt(['factions', '--factions-dir', dir]);
    expect(table.code).toBe(2);
    expect(table.err).toMatch(
      /card\.ability\.name: the lettering of cards and pictures cannot draw "\\u\{1b\}" \(U\+001B\), "\\u\{202e\}" \(U\+202E\)/,
    );
    expect(table.out + table.err).not.toMatch(/[\u001b\u202e]/);
    const list = (
      await readFile(join(import.meta.dirname, 'fixtures/validate/armada-two-thirds.yaml'), 'utf8')
    ).replace('name: Ben', 'name: "B\\e]0;pwned\\aen"');
    await writeFile(join(dir, 'armada.yaml'), list);
    const checked = await runBuilt(['validate', '--armada', join(dir, 'armada.yaml')]);
    expect(checked.out).toContain('B\\u{1b}]0;pwned\\u{7}en');
    expect(checked.out + checked.err).not.toMatch(/[\u0007\u001b]/);
  }, 60_000);
});
