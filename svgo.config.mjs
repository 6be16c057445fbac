// svgo (npm, pinned in package.json) as companion/game_icons.py runs it on the icon sprites. Every symbol
// stays, under its own id, though nothing in the sprite itself uses it: the pages do, by <use href="…#id">.
// Paths are written in whole units of the icons' 512-unit grid (a tenth of a pixel at 40 px, the largest
// icon the pages draw).
export default {
  floatPrecision: 0,
  plugins: [{ name: "preset-default", params: { overrides: {
    removeUselessDefs: false, removeHiddenElems: false, cleanupIds: false } } }],
};
