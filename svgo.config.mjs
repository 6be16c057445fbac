// svgo (npm, pinned in package.json) as companion/web/game_icons.py runs it on the icon sprites. Every symbol
// stays, under its own id, though nothing in the sprite itself uses it: the pages do, by <use href="…#id">.
// Paths are written in whole units of the icons' 512-unit grid: beside the originals at 200 px no difference
// shows, and the pages draw none larger than about 100 px (the group screen's "Surge!").
export default {
  floatPrecision: 0,
  plugins: [{ name: "preset-default", params: { overrides: {
    removeUselessDefs: false, removeHiddenElems: false, cleanupIds: false } } }],
};
