/** npm run check:definitions -- [DIR]: static checks of every definition folder (schema, unknown paths, never-firing rules, cycles, always-hidden required fields). */
import { formatProblems, listDefinitionFolders, loadAllDefinitions } from '../src/server/definitions/index';

const dir = process.argv.slice(2).find((arg) => arg !== '--') ?? 'definitions';
const { definitions, problems } = loadAllDefinitions(dir);
const forms = listDefinitionFolders(dir);
if (problems.length > 0) process.stdout.write(`${formatProblems(problems)}\n`);
for (const form of forms) {
  const count = problems.filter((p) => p.file.includes(`/${form}/`) || p.file.startsWith(`${form}/`)).length;
  const rules = definitions.get(form)?.compiled.ruleIds.length;
  process.stdout.write(
    `${count === 0 ? 'OK  ' : 'BAD '} ${form}${rules !== undefined ? ` (${rules} rules)` : ''}${count > 0 ? `: ${count} problem(s)` : ''}\n`,
  );
}
process.stdout.write(`${forms.length} definition(s), ${problems.length} problem(s)\n`);
process.exitCode = problems.some((p) => p.severity === 'error') ? 1 : 0;
