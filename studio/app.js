// The studio page: the faction file in an editor, checked as it is typed (POST /api/check), the ship drawn
// with three.js from the parts the studio built, the deck map, validate's findings and the card.
import * as THREE from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const $ = (id) => document.getElementById(id);
const text = $('text');
const gutter = $('gutter');
const HIGHLIGHT = 0xff2bd6;

// ---------------------------------------------------------------------------------------------------------
// The 3D view

const canvas = $('model');
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xe9eef2);
const camera = new THREE.PerspectiveCamera(35, 1, 1, 2000);
camera.up.set(0, 0, 1);
camera.position.set(-90, -150, 110);
scene.add(new THREE.HemisphereLight(0xffffff, 0x8899aa, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(-60, -80, 150);
scene.add(sun);
const controls = new OrbitControls(camera, canvas);
controls.addEventListener('change', draw);
const ship = new THREE.Group();
scene.add(ship);
const loader = new STLLoader();
const geometries = new Map(); // `${build}|${path}` → BufferGeometry
let showing = 'ship';
let last = null;

function draw() {
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== Math.floor(w * window.devicePixelRatio) || canvas.height !== Math.floor(h * window.devicePixelRatio)) {
    renderer.setSize(w, h, false);
    camera.aspect = w / Math.max(1, h);
    camera.updateProjectionMatrix();
  }
  renderer.render(scene, camera);
}
new ResizeObserver(draw).observe(canvas);

async function geometry(build, path) {
  const key = `${build}|${path}`;
  if (!geometries.has(key)) {
    const res = await fetch(`/api/part?path=${encodeURIComponent(path)}&build=${build}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    const g = loader.parse(await res.arrayBuffer());
    g.computeVertexNormals();
    geometries.set(key, g);
  }
  return geometries.get(key);
}

let framed = false;
async function showModel(view) {
  if (!view.hull) return;
  const parts = showing === 'hull' ? view.assembly.filter((p) => p.path === view.hull) : view.assembly;
  const meshes = await Promise.all(parts.map(async (p) => {
    const mesh = new THREE.Mesh(await geometry(view.build, p.path), new THREE.MeshStandardMaterial({ color: p.colorHex, roughness: 0.75, metalness: 0.05, transparent: view.stale, opacity: view.stale ? 0.45 : 1 }));
    mesh.matrixAutoUpdate = false;
    mesh.matrix.fromArray(p.matrix);
    mesh.name = p.name;
    return mesh;
  }));
  // A newer view was drawn while these parts loaded: it stands.
  if (view !== last) return;
  ship.clear();
  for (const m of meshes) ship.add(m);
  // validate's findings that have a place on a drawn part, boxed in magenta where they are.
  for (const f of view.findings) {
    const part = f.at && parts.find((p) => p.path === f.at.file);
    if (!part) continue;
    const box = new THREE.Box3(new THREE.Vector3(...f.at.boxMm.min), new THREE.Vector3(...f.at.boxMm.max));
    const helper = new THREE.Box3Helper(box, HIGHLIGHT);
    helper.matrixAutoUpdate = false;
    helper.matrix.fromArray(part.matrix);
    ship.add(helper);
  }
  if (!framed && meshes.length) {
    const box = new THREE.Box3().setFromObject(ship);
    const c = box.getCenter(new THREE.Vector3());
    controls.target.copy(c);
    camera.position.set(c.x - 80, c.y - 140, c.z + 90);
    controls.update();
    framed = true;
  }
  draw();
}

canvas.addEventListener('keydown', (e) => {
  const step = Math.PI / 24;
  const offset = camera.position.clone().sub(controls.target);
  const s = new THREE.Spherical().setFromVector3(new THREE.Vector3(offset.x, offset.z, -offset.y)); // y-up spherical of a z-up frame
  if (e.key === 'ArrowLeft') s.theta -= step;
  else if (e.key === 'ArrowRight') s.theta += step;
  else if (e.key === 'ArrowUp') s.phi = Math.max(0.1, s.phi - step);
  else if (e.key === 'ArrowDown') s.phi = Math.min(Math.PI - 0.1, s.phi + step);
  else if (e.key === '+' || e.key === '=') s.radius *= 0.85;
  else if (e.key === '-' || e.key === '_') s.radius /= 0.85;
  else return;
  e.preventDefault();
  const v = new THREE.Vector3().setFromSpherical(s);
  camera.position.copy(controls.target).add(new THREE.Vector3(v.x, -v.z, v.y));
  controls.update();
  draw();
});

for (const [id, mode] of [['show-ship', 'ship'], ['show-hull', 'hull']]) {
  $(id).addEventListener('click', () => {
    showing = mode;
    $('show-ship').setAttribute('aria-pressed', String(mode === 'ship'));
    $('show-hull').setAttribute('aria-pressed', String(mode === 'hull'));
    if (last) showModel(last);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The editor: line numbers marked where a problem is, problems that jump to their place, completion

function lines() {
  return text.value.split('\n');
}

function paintGutter(view) {
  const bad = new Set([...(view?.problems ?? []), ...(view?.findings ?? [])].map((p) => p.line).filter(Boolean));
  gutter.innerHTML = lines().map((_, i) => (bad.has(i + 1) ? `<span class="bad">${i + 1}</span>` : String(i + 1))).join('\n');
  gutter.scrollTop = text.scrollTop;
}
text.addEventListener('scroll', () => (gutter.scrollTop = text.scrollTop));

function goTo(line, col) {
  if (!line) return;
  const before = lines().slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
  const at = before + Math.max(0, (col ?? 1) - 1);
  text.focus();
  text.setSelectionRange(at, at + Math.max(1, (lines()[line - 1] ?? '').length - (col ?? 1) + 1));
  text.scrollTop = Math.max(0, (line - 5) * 18);
}

function item(list, { cls, where, message, line, col }) {
  const li = document.createElement('li');
  if (cls) li.className = cls;
  const w = document.createElement('div');
  w.className = 'where';
  w.textContent = where;
  const m = document.createElement('div');
  m.textContent = message;
  li.append(w, m);
  if (line) {
    li.tabIndex = 0;
    li.setAttribute('role', 'button');
    li.title = `go to line ${line}`;
    const go = () => goTo(line, col);
    li.addEventListener('click', go);
    li.addEventListener('keydown', (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), go()));
  }
  list.append(li);
}

// Schema completion (Ctrl+Space): the keys the schema allows where the cursor is, or the values of an enum.
let schema = null;
fetch('/api/schema').then((r) => r.json()).then((s) => (schema = s));

function resolve(node) {
  while (node && node.$ref) node = node.$ref.split('/').slice(1).reduce((n, k) => n[k], schema);
  return node;
}
function branches(node) {
  node = resolve(node);
  if (!node) return [];
  const alts = node.oneOf ?? node.anyOf;
  return alts ? alts.flatMap(branches) : [node];
}
function child(node, key) {
  return branches(node).flatMap((b) => (typeof key === 'number' ? (b.items ? [b.items] : []) : b.properties?.[key] ? [b.properties[key]] : []));
}

function cursorPath() {
  const upTo = text.value.slice(0, text.selectionStart).split('\n');
  const current = upTo[upTo.length - 1];
  const indent = current.match(/^\s*/)[0].length;
  const path = [];
  let need = indent;
  for (let i = upTo.length - 2; i >= 0 && need > 0; i--) {
    const m = upTo[i].match(/^(\s*)(- )?([A-Za-z$][\w$]*):/);
    const ind = upTo[i].match(/^\s*/)[0].length;
    if (m && ind < need) {
      path.unshift(m[3]);
      need = ind;
    } else if (/^\s*- /.test(upTo[i]) && ind < need) {
      path.unshift(0);
      need = ind;
    }
  }
  const valueOf = current.match(/^\s*(?:- )?([A-Za-z$][\w$]*):\s*(\S*)$/);
  return { path, key: valueOf ? valueOf[1] : null, typed: valueOf ? valueOf[2] : current.trim().replace(/^- /, '') };
}

function suggestions() {
  if (!schema) return [];
  const { path, key, typed } = cursorPath();
  let nodes = [schema];
  for (const k of path) nodes = nodes.flatMap((n) => child(n, k));
  if (key) {
    const values = nodes.flatMap((n) => child(n, key)).flatMap(branches).flatMap((b) => b.enum ?? (b.const !== undefined ? [b.const] : []));
    return values.filter((v) => String(v).startsWith(typed)).map((v) => ({ label: String(v), insert: String(v).slice(typed.length), note: '' }));
  }
  const props = nodes.flatMap(branches).flatMap((b) => Object.entries(b.properties ?? {}));
  return props.filter(([k]) => k.startsWith(typed)).map(([k, v]) => ({ label: k, insert: `${k.slice(typed.length)}: `, note: (resolve(v)?.description ?? v.description ?? '').slice(0, 60) }));
}

const complete = $('complete');
let choices = [], chosen = 0;
function closeCompletion() {
  complete.hidden = true;
  choices = [];
}
function paintCompletion() {
  complete.innerHTML = '';
  choices.forEach((c, i) => {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', String(i === chosen));
    li.textContent = c.label;
    if (c.note) li.append(Object.assign(document.createElement('small'), { textContent: c.note }));
    li.addEventListener('mousedown', (e) => (e.preventDefault(), accept(i)));
    complete.append(li);
  });
  const line = text.value.slice(0, text.selectionStart).split('\n').length;
  complete.style.top = `${Math.min(line * 18 - text.scrollTop + 6, text.clientHeight - 40)}px`;
  complete.hidden = choices.length === 0;
}
function accept(i) {
  const c = choices[i];
  closeCompletion();
  if (!c) return;
  text.setRangeText(c.insert, text.selectionStart, text.selectionEnd, 'end');
  text.dispatchEvent(new Event('input'));
}

text.addEventListener('keydown', (e) => {
  if (e.key === ' ' && e.ctrlKey) {
    e.preventDefault();
    choices = suggestions();
    chosen = 0;
    paintCompletion();
    return;
  }
  if (!complete.hidden) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      chosen = (chosen + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
      paintCompletion();
      return;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(chosen);
      return;
    }
    if (e.key === 'Escape') {
      closeCompletion();
      return;
    }
  }
  if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey) {
    // Two spaces, as YAML indents; Escape then Tab leaves the editor.
    if (text.dataset.escaped === '1') return;
    e.preventDefault();
    text.setRangeText('  ', text.selectionStart, text.selectionEnd, 'end');
    text.dispatchEvent(new Event('input'));
  }
  text.dataset.escaped = e.key === 'Escape' ? '1' : '0';
});
text.addEventListener('blur', closeCompletion);

// ---------------------------------------------------------------------------------------------------------
// Checking: every edit, after a pause; the newest answer wins

let asked = 0;
let timer = 0;
const status = $('status');

function say(message, bad = false) {
  status.textContent = message;
  status.classList.toggle('bad', bad);
}

function render(view) {
  last = view;
  const problems = $('problems');
  problems.innerHTML = '';
  for (const p of view.problems) item(problems, { where: `${p.line ? `line ${p.line}:${p.col}` : p.place} · ${p.kind}`, message: p.message, line: p.line, col: p.col });
  if (view.problems.length === 0) item(problems, { cls: 'none', where: 'loader and layout', message: 'no problems: the file loads and every feature fits the hull' });
  $('problem-count').textContent = `(${view.problems.length})`;
  const findings = $('findings');
  findings.innerHTML = '';
  for (const f of view.findings) item(findings, { cls: f.severity, where: `${f.rule}${f.part ? ` · ${f.part}` : ''}${f.line ? ` · line ${f.line}` : ''}`, message: `${f.message} — ${f.hint}`, line: f.line, col: f.col });
  if (view.findings.length === 0 && !view.stale) item(findings, { cls: 'none', where: 'validate', message: 'clean: no findings' });
  $('finding-count').textContent = view.stale ? '(waiting for a file that builds)' : `(${view.findings.filter((f) => f.severity === 'error').length} errors, ${view.findings.filter((f) => f.severity === 'warning').length} warnings)`;
  if (view.deckMap) $('deck-map').src = `/api/deck-map.png?v=${view.revision}`;
  if (view.cardSvg) $('card').innerHTML = view.cardSvg;
  paintGutter(view);
  const ms = Object.values(view.timingsMs).reduce((a, b) => a + b, 0);
  const errors = view.problems.length + view.findings.filter((f) => f.severity === 'error').length;
  say(`${view.faction ? view.faction.id : 'not loaded'}: ${errors === 0 ? 'clean' : `${errors} to fix`} · checked in ${ms} ms`, errors > 0);
  return showModel(view);
}

async function check() {
  const mine = ++asked;
  const sent = text.value;
  say('checking…');
  const res = await fetch('/api/check', { method: 'POST', body: sent });
  const view = await res.json();
  if (mine !== asked) return;
  if (!res.ok) {
    say(`error: ${view.error}`, true);
    return;
  }
  await render(view);
  // A newer check started while this one drew: that one reports.
  if (mine !== asked) return;
  // For whoever waits on the page (the browser test): this many checks are drawn, and whether one is still to come.
  document.body.dataset.pending = sent === text.value ? '0' : '1';
  document.body.dataset.checked = String(mine);
}

text.addEventListener('input', () => {
  document.body.dataset.pending = '1';
  paintGutter(last);
  clearTimeout(timer);
  timer = setTimeout(check, 250);
});

async function post(path) {
  const res = await fetch(path, { method: 'POST', body: text.value });
  return [res.ok, await res.json()];
}

$('save').addEventListener('click', async () => {
  const [ok, r] = await post('/api/save');
  say(ok ? `saved ${r.saved}` : `error: ${r.error}`, !ok);
});
document.addEventListener('keydown', (e) => {
  if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    $('save').click();
  }
});
for (const b of document.querySelectorAll('[data-kind]')) {
  b.addEventListener('click', async () => {
    say(`writing ${b.dataset.kind}…`);
    const [ok, r] = await post(`/api/write/${b.dataset.kind}`);
    $('log').textContent = ok ? r.output : r.error;
    say(ok && r.ok ? `wrote ${b.dataset.kind} into ${r.folder}/` : `writing ${b.dataset.kind} failed: see below`, !(ok && r.ok));
    document.body.dataset.wrote = b.dataset.kind;
  });
}

const opened = await (await fetch('/api/file')).json();
$('file').textContent = opened.file;
text.value = opened.text;
paintGutter(null);
check();
