// The bench's reference (bench/reference.ts): one ship's hull as an OpenSCAD user would model the
// Corsairs' sloop (factions/corsairs.yaml: 80 × 30 × 17.5 mm) at 256 segments a circle, with what our hull
// builder cuts and adds: a hull lofted from a keel outline to a deck outline, a mast socket, a cargo
// socket, a coin slot, the wheel slot, the ballast pocket, two cannon slots with sunk frames round their
// mouths, six plank grooves round the side, nine deck-plank grooves and a rail. Rendered with
// `openscad -o hull.stl`; `npm run bench` times it beside our cold `generate` of every shipped faction.
$fn = 256;
// Without the surface detail (grooves, frames, rail): a plain hull with its sockets and slots. The bench
// times the plain one, the stricter reference (`-D detail=false`).
detail = true;
L = 80; B = 30; H = 17.5;

// The plan outline at scale s: a round stern, a pointed bow.
module outline(s) {
  hull() {
    translate([-(L / 2 - B / 2) * s, 0]) circle(d = B * s);
    translate([(L / 2 - 1) * s, 0]) circle(d = 2);
    translate([L / 6 * s, 0]) scale([1.6, 1]) circle(d = B * s);
  }
}

// Where the side is at height z: the keel at 70 %, the deck at 100 %.
function at(z) = 0.7 + 0.3 * z / H;

module body() {
  hull() {
    linear_extrude(0.01) outline(at(0));
    translate([0, 0, H - 0.01]) linear_extrude(0.01) outline(at(H));
  }
}

union() {
  difference() {
    body();
    translate([1, 0, H - 8]) cylinder(d = 5.4, h = 9);                    // mast socket
    translate([-10, 0, H - 2]) cube([6.2, 6.2, 6], center = true);        // cargo socket
    translate([20, 0, H - 2]) cube([2.4, 26, 6], center = true);          // coin slot
    translate([-26.5, 0, 2]) cube([14, 7.4, 12], center = true);          // wheel slot
    translate([-3.8, 0, -0.01]) cylinder(d = 21, h = 6.2);                 // ballast pocket
    for (s = [-1, 1]) {
      translate([12.6, s * B / 2, 6]) cube([6.4, 16, 6.4], center = true); // cannon slot
      if (detail) translate([12.6, s * B / 2, 6]) difference() {           // its sunk frame
        cube([9.4, 3, 9.4], center = true);
        cube([8, 4, 8], center = true);
      }
    }
    if (detail) for (z = [2.5 : 2.5 : 15])                                             // plank grooves round the side
      translate([0, 0, z]) linear_extrude(0.45) difference() {
        offset(1) outline(at(z));
        offset(-0.3) outline(at(z));
      }
    if (detail) for (x = [-32 : 8 : 32])                                               // deck-plank grooves
      translate([x, 0, H - 0.2]) cube([0.7, B, 0.5], center = true);
  }
  if (detail) translate([0, 0, H]) linear_extrude(1.5) difference() {                  // the rail
    outline(at(H));
    offset(-0.9) outline(at(H));
  }
}
