import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One regular expression written in the sources, with where it is. */
export interface FoundRegex {
  /** file:line, relative to the repository root */
  where: string;
  source: string;
  flags: string;
  /** True when a part of the pattern is computed at run time and a plain word stands in for it. */
  approximate: boolean;
}

/** What stands in for a computed part of a pattern (an escaped word list in every case so far). */
const HOLE = 'word';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every regex literal and every `RegExp(...)` call of the TypeScript files under `dirs` (tests excluded),
 * read with the TypeScript parser, so none is missed and none is listed by hand. A `RegExp` pattern built
 * from string constants of the same file is folded to its text; a part computed at run time becomes a
 * plain word (`approximate`); a pattern with no literal text at all is returned in `unresolved`.
 */
export function collectRegexes(root: string, dirs: string[]): { found: FoundRegex[]; unresolved: string[] } {
  const found: FoundRegex[] = [];
  const unresolved: string[] = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const consts = new Map<string, ts.Expression>();
      const where = (node: ts.Node) =>
        `${path.relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
      const collectConsts = (node: ts.Node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          const list = node.parent;
          if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const)
            consts.set(node.name.text, node.initializer);
        }
        ts.forEachChild(node, collectConsts);
      };
      collectConsts(sf);

      /** The string an expression holds when it is made of literals and constants; holes become HOLE. */
      const fold = (node: ts.Expression, depth = 0): { text: string; approximate: boolean } | null => {
        if (depth > 20) return null;
        if (ts.isParenthesizedExpression(node)) return fold(node.expression, depth + 1);
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
          return { text: node.text, approximate: false };
        if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'String.raw') {
          const raw = (lit: ts.TemplateLiteralLikeNode) => lit.rawText ?? '';
          if (ts.isNoSubstitutionTemplateLiteral(node.template))
            return { text: raw(node.template), approximate: false };
          return null;
        }
        if (ts.isTemplateExpression(node)) {
          let text = node.head.text;
          let approximate = false;
          for (const span of node.templateSpans) {
            const part = fold(span.expression, depth + 1);
            text += part ? part.text : HOLE;
            approximate ||= !part || part.approximate;
            text += span.literal.text;
          }
          return { text, approximate };
        }
        if (ts.isIdentifier(node)) {
          const value = consts.get(node.text);
          return value ? fold(value, depth + 1) : null;
        }
        // `PATTERN.source` of a constant regular-expression literal is that literal's body.
        if (
          ts.isPropertyAccessExpression(node) &&
          node.name.text === 'source' &&
          ts.isIdentifier(node.expression)
        ) {
          const value = consts.get(node.expression.text);
          if (value?.kind !== ts.SyntaxKind.RegularExpressionLiteral) return null;
          const literal = value.getText(sf);
          return { text: literal.slice(1, literal.lastIndexOf('/')), approximate: false };
        }
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
          const left = fold(node.left, depth + 1);
          const right = fold(node.right, depth + 1);
          return left && right
            ? { text: left.text + right.text, approximate: left.approximate || right.approximate }
            : null;
        }
        return null;
      };

      const visit = (node: ts.Node) => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const literal = node.getText(sf);
          const slash = literal.lastIndexOf('/');
          found.push({
            where: where(node),
            source: literal.slice(1, slash),
            flags: literal.slice(slash + 1),
            approximate: false,
          });
        } else if (
          (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'RegExp'
        ) {
          const [patternArg, flagsArg] = node.arguments ?? [];
          const pattern = patternArg ? fold(patternArg) : null;
          const flags = flagsArg ? fold(flagsArg) : { text: '', approximate: false };
          if (pattern && flags && !flags.approximate) {
            found.push({
              where: where(node),
              source: pattern.text,
              flags: flags.text,
              approximate: pattern.approximate,
            });
          } else unresolved.push(where(node));
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
  return { found, unresolved };
}
