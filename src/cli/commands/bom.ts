/**
 * `shipwright bom`: what a table of N players prints, in which colours and materials, how many grams and
 * hours, how many spools, and what else to buy.
 */
import { BOM_FORMATS, formatBom, type BomFormat } from '../../bom/format.js';
import { InputError } from '../../errors.js';
import { addTableOptions, runTable, type TableFlags } from '../table-run.js';
import { Option, type Command, type Register } from '../terminal.js';

interface Flags extends TableFlags {
  format: BomFormat;
  json?: boolean;
}

export const registerBom: Register = (cmd: Command, io) => {
  addTableOptions(cmd)
    .addOption(new Option('--format <format>', 'output format').choices(BOM_FORMATS).default('table'))
    .option('--json', 'print JSON on stdout and nothing else, as every command does (the same as --format json)')
    .action(async (files: string[], flags: Flags) => {
      flags.files = files;
      if (flags.json && cmd.getOptionValueSource('format') === 'cli' && flags.format !== 'json') {
        throw InputError.single(
          '--json',
          '',
          `--json is --format json; it cannot go with --format ${flags.format}: give one of the two`,
        );
      }
      const { bom } = await runTable(flags, io);
      io.out(formatBom(bom, flags.json ? 'json' : flags.format));
    });
};
