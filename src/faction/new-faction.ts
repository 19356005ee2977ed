/**
 * `shipwright new-faction NAME [--from ID]`: a new faction file made from a shipped one that validates
 * clean, its id and name changed and every section commented, so a designer starts from a ship that prints
 * and changes one thing at a time. Pure: text in, text out (the command reads and writes).
 */
import { InputError } from '../errors.js';
import { ID_PATTERN } from './format.js';

/** What each field is for, written above it: the card (the rules) apart from the model (the print). */
const COMMENTS: Readonly<Record<string, string>> = {
  id: "The id names the output folder and must equal this file's name (without .yaml).",
  name: 'As printed on the card.',
  card: 'The card: what the rules say. validate checks it against the model below (fittings, slots, hits to sink).',
  'card.ships': 'Ships in one faction set (the rulebook: 2 to 5).',
  'card.moveCount': 'Clicks of the movement wheel per Move action (1 to 3).',
  'card.fittings': 'Removable fittings per ship (mast, cargo, turret): one socket each in model.fittings.',
  'card.cannonSlots': 'Cannon slots per ship: one entry each in model.cannonSlots.',
  'card.hitsToSink': 'Always fittings + 1 (a ship with no fittings left sinks on the next hit).',
  'card.maxHeadingDeg': 'How far a Move may swing the heading: 90, or 180 with a Disciplined Crew.',
  'card.ability': "The faction's ability, as printed on the card.",
  'card.color': "The ship's colour: a name in kebab-case (blue-grey) or #rrggbb.",
  model:
    'The model: what gets printed. Lengths carry their unit (mm, cm, in). x runs along the keel (+ toward the bow), y across (+ to port).',
  'model.hull':
    'Hull style (galleon, sloop, carrack, junk, wraith, ironclad, proa) and size; `shipwright studio` shows it in 3D.',
  'model.fittings':
    'One deck socket per fitting, at [x, y]. `shipwright validate --previews DIR` draws the deck map: where each fits.',
  'model.cannonSlots':
    "port/starboard slots: `at` along the keel; bow/stern slots: `at` across (only some styles' ends are flat enough); `mount: turret` for the turret's.",
  'model.coinSlot': 'The coin slot on the deck (Brace for Impact), at [x, y].',
  'model.wheelSlot': "The wheel carriage's slot in the bottom, `at` along the keel (toward the stern is negative).",
  'model.ballast': 'Optional: steel washers in a pocket in the bottom, to steady the ship.',
  'model.look': 'Optional: the surface, the cargo, the sails and the ornaments.',
};

/** `Iron Armada` → `iron-armada`. */
export function factionIdOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The faction file for `name`, made from `sourceText` (a shipped faction file): its id and name replaced,
 * a comment above each field it knows, the schema line pointing at `schemaPath`.
 * @throws InputError when the name makes no id.
 */
export function newFactionText(name: string, sourceText: string, schemaPath: string): { id: string; text: string } {
  const id = factionIdOf(name);
  if (!ID_PATTERN.test(id))
    throw InputError.single(
      'NAME',
      '',
      `"${name}" makes no faction id: give a name with letters or digits, e.g. "Iron Armada" (id iron-armada)`,
    );
  const quoted = JSON.stringify(name.trim());
  const out: string[] = [
    `# yaml-language-server: $schema=${schemaPath}`,
    `# ${name.trim()}: a faction for Cannons & Coastlines, made by shipwright new-faction. Check it with`,
    `#   shipwright validate ${id}.yaml --previews previews   or edit it live in   shipwright studio ${id}.yaml`,
  ];
  const stack: { indent: number; key: string }[] = [];
  for (const line of sourceText.split('\n')) {
    if (/^# yaml-language-server:/.test(line)) continue;
    const m = /^(\s*)([A-Za-z$][A-Za-z0-9]*):/.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const indent = m[1]!.length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const path = [...stack.map((s) => s.key), m[2]!].join('.');
    stack.push({ indent, key: m[2]! });
    const comment = COMMENTS[path];
    if (comment) out.push(`${m[1]}# ${comment}`);
    out.push(path === 'id' ? `id: ${id}` : path === 'name' ? `name: ${quoted}` : line);
  }
  return { id, text: out.join('\n') };
}
