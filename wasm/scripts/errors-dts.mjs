// pkg/errors.d.ts, which build.mjs writes from js/errors.js: each class that
// file exports, with its doc comment, declared with an empty body (the
// constructor is Error's). The classes are written once, in js/errors.js.

const CLASS = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\s*export class (\w+) extends (\w+)/g;

/** The TypeScript declarations of the error classes in `source` (js/errors.js). */
export function errorsDts(source) {
  const classes = [...source.matchAll(CLASS)];
  const exported = source.match(/^export /gm) ?? [];
  if (classes.length === 0 || classes.length !== exported.length) {
    throw new Error('js/errors.js: every export must be a documented `export class X extends Y`');
  }
  return classes.map(([, doc, name, base]) => `${doc}\nexport class ${name} extends ${base} {}\n`).join('');
}
