import { relative, sep } from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

/**
 * Why a file path breaks the naming convention, or null. Folders and files are kebab-case;
 * the dot-separated parts after the first name the file's role (`flux.routes.ts`,
 * `zip.test.ts`) and are kebab-case too; a .tsx file holding React components may be named
 * after its component in PascalCase (`TopBar.tsx`, `TopBar.test.tsx`).
 */
export function fileNameProblem(path) {
  const parts = path.split(sep).filter((part) => part !== '');
  const file = parts.pop() ?? '';
  const folder = parts.find((part) => !part.startsWith('.') && !KEBAB.test(part));
  if (folder) return `Le dossier "${folder}" doit être en kebab-case.`;
  const match = /^(.+?)((?:\.[^.]+)*)\.(tsx|ts|mts|mjs|js|cjs)$/.exec(file);
  if (!match) return null;
  const [, name, roles, extension] = match;
  const badRole = roles
    .split('.')
    .slice(1)
    .find((role) => !KEBAB.test(role));
  if (badRole) return `La partie ".${badRole}" de "${file}" doit être en kebab-case.`;
  if (KEBAB.test(name) || (extension === 'tsx' && PASCAL.test(name))) return null;
  return extension === 'tsx'
    ? `"${file}" : kebab-case, ou PascalCase pour un composant React.`
    : `"${file}" doit être en kebab-case.`;
}

/** ESLint rule reporting fileNameProblem for the linted file, relative to the working directory. */
export const fileNameCase = {
  meta: {
    type: 'suggestion',
    schema: [],
    docs: { description: 'kebab-case files and folders (PascalCase .tsx components)' },
  },
  create(context) {
    return {
      Program(node) {
        const problem = fileNameProblem(relative(context.cwd, context.filename));
        if (problem) context.report({ node, message: problem });
      },
    };
  },
};
