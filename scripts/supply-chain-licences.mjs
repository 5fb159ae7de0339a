// The licence rules of scripts/check-supply-chain.mjs (decision 035), apart so they can be unit-tested.

/**
 * A package.json's licence as one SPDX-like expression: `license: "MIT"`, the old `license: { type }`, and the
 * old `licenses: [...]` array (several licences offered: any of them, so OR). Null when none is declared.
 */
export function licenceExpressionOf(pkg) {
  const one = (value) => (typeof value === 'string' ? value : value && typeof value.type === 'string' ? value.type : null);
  const many = (values) => {
    const names = values.map(one).filter(Boolean);
    if (names.length === 0) return null;
    return names.length === 1 ? names[0] : `(${names.join(' OR ')})`;
  };
  if (Array.isArray(pkg.license)) return many(pkg.license);
  if (pkg.license) return one(pkg.license);
  if (Array.isArray(pkg.licenses)) return many(pkg.licenses);
  return null;
}

function tokenize(expression) {
  return expression.replace(/\(/g, ' ( ').replace(/\)/g, ' ) ').trim().split(/\s+/).filter(Boolean);
}

/** "Apache2" or "apache-2.0" → the allowlist's spelling; "GPL-2.0+" / "-or-later" / "-only" → the base id. */
function normalise(id, aliases) {
  const alias = Object.entries(aliases).find(([from]) => from.toLowerCase() === id.toLowerCase());
  const name = alias ? alias[1] : id;
  return name.replace(/\+$/, '').replace(/-(?:only|or-later)$/i, '');
}

/**
 * Whether an SPDX expression is acceptable: `A OR B` needs one side allowed, `A AND B` both, `A WITH exception`
 * is judged by A, parentheses group. Anything that does not parse (SEE LICENSE IN …, UNLICENSED, a typo) is
 * not acceptable: such a package needs a reviewed exception.
 */
export function licenceAllowed(expression, { allowed, aliases = {} }) {
  if (typeof expression !== 'string' || expression.trim() === '') return false;
  const allowedSet = new Set(allowed.map((a) => a.toLowerCase()));
  const tokens = tokenize(expression);
  let i = 0;
  const peek = () => tokens[i];
  const fail = () => {
    throw new SyntaxError(`cannot parse licence expression ${JSON.stringify(expression)}`);
  };
  const atom = () => {
    const token = tokens[i++];
    if (token === undefined || token === ')' || /^(AND|OR|WITH)$/i.test(token)) fail();
    let value;
    if (token === '(') {
      value = or();
      if (tokens[i++] !== ')') fail();
    } else {
      if (!/^[A-Za-z0-9.+-]+$/.test(token)) fail();
      value = allowedSet.has(normalise(token, aliases).toLowerCase());
    }
    if (peek() && /^WITH$/i.test(peek())) {
      i += 1;
      if (!tokens[i++]) fail();
    }
    return value;
  };
  const and = () => {
    let value = atom();
    while (peek() && /^AND$/i.test(peek())) {
      i += 1;
      const right = atom();
      value = value && right;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (peek() && /^OR$/i.test(peek())) {
      i += 1;
      const right = and();
      value = value || right;
    }
    return value;
  };
  try {
    const result = or();
    if (i !== tokens.length) fail();
    return result;
  } catch (error) {
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/** npm runs these on install (npm 11 skips them unless allowed; the lock's hasInstallScript also covers binding.gyp). */
export const INSTALL_SCRIPT_NAMES = ['preinstall', 'install', 'postinstall'];

export function installScriptsOf(pkg, lockEntry) {
  const scripts = Object.keys(pkg?.scripts ?? {}).filter((name) => INSTALL_SCRIPT_NAMES.includes(name));
  if (scripts.length === 0 && lockEntry?.hasInstallScript) return ['(hasInstallScript in package-lock.json)'];
  return scripts;
}
