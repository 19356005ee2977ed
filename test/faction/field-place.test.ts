/** A field path found in the text it came from: the studio shows layout problems and findings at their line. */
import { describe, expect, it } from 'vitest';
import { fieldPlace, pathKeys } from '../../src/faction/field-place.js';

const TEXT = [
  'id: x',
  'card:',
  '  ships: 3',
  'model:',
  '  cannonSlots:',
  '    - { facing: port, at: 6mm }',
  '    - { facing: bow, at: 0mm }',
  '',
].join('\n');

describe('fieldPlace', () => {
  it('splits paths into keys and indices', () => {
    expect(pathKeys('model.cannonSlots[1].at')).toEqual(['model', 'cannonSlots', 1, 'at']);
  });

  it('finds a value by its path, or its nearest written ancestor, or nothing', () => {
    expect(fieldPlace(TEXT, 'card.ships')).toEqual({ line: 3, col: 10 });
    expect(fieldPlace(TEXT, 'model.cannonSlots[1].at')).toEqual({ line: 7, col: 26 });
    // Left out of the file: the place of the list item that would hold it.
    expect(fieldPlace(TEXT, 'model.cannonSlots[1].mount')).toEqual({ line: 7, col: 7 });
    expect(fieldPlace(TEXT, 'look.surface')).toBeNull();
  });
});
