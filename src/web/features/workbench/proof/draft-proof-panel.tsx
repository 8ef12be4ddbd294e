import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Collapse, Paper, Stack, Typography } from '@mui/material';
import type { DraftProofPanelProps } from '../form/form-workbench-slots';
import { fileName } from '../draft/draft-workspace';
import { formName } from '../format';
import { acceptDifferences } from './accept-actual';
import { FailingOrder } from './failing-order';
import { LiveAnnouncement } from './live-announcement';
import type { ProofResult } from './proof-client';
import { ruleCoverageOf } from './rule-coverage';
import { useDraftProof } from './use-draft-proof';
import type { GoldenDifference, GoldenOrderOutcome } from '../../../../definition-tree';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const formatTook = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What a finished run says in one line (and what the live region announces). */
function summaryOf(result: ProofResult, form: string): string {
  const check = result.report.forms.find((entry) => entry.form === form);
  const problems = check?.problems.length ?? 0;
  if (check && !check.ok)
    return `${formName(form)} does not compile (${plural(problems, 'static problem')}): its golden orders cannot run.`;
  const { passed, total } = result.report;
  return `${passed} of ${plural(total, 'golden order')} pass${passed === 1 && total === 1 ? 'es' : ''}. ${plural(problems, 'static problem')}.`;
}

/**
 * Proof on every edit: the form's static check and all its golden orders run in a Web Worker against the draft as this
 * page sees it (unsaved edits included); failing orders with expected and actual side by side, a fix that takes the new
 * value as expected (one undoable edit), and the form's rule coverage.
 */
export function DraftProofPanel({
  workspace,
  form,
  files,
  isReadOnly,
  onOpenGoldenOrder,
  onProblems,
}: DraftProofPanelProps) {
  const proof = useDraftProof(files, form);
  const { result } = proof;
  const isChecking = proof.status === 'checking';

  const reportProblems = useRef(onProblems);
  reportProblems.current = onProblems;
  useEffect(() => {
    if (result) reportProblems.current(result.report.forms.find((entry) => entry.form === form)?.problems ?? []);
  }, [result, form]);

  const formCheck = result?.report.forms.find((entry) => entry.form === form);
  // A form that does not compile runs no order: its problems say why, not a list of every order "invalid".
  const failing = formCheck?.ok === false ? [] : (result?.report.orders.filter((o) => o.status !== 'pass') ?? []);
  const problems = formCheck?.problems ?? [];
  const coverage = result ? ruleCoverageOf(result, form) : undefined;
  const summary = result ? summaryOf(result, form) : undefined;

  const accept = (order: GoldenOrderOutcome, differences: readonly GoldenDifference[]) => {
    const text = files[order.file];
    if (text === undefined) return;
    const what = differences.length === 1 ? differences[0].key.replace(/^expect\./, '') : 'every new value';
    workspace.writeFile(order.file, acceptDifferences(text, differences), `${fileName(order.file)}: take ${what}`);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="proof-heading"
      data-testid="draft-proof"
      sx={{ p: 2 }}
    >
      <Typography id="proof-heading" variant="h2" sx={{ fontSize: '1.3rem' }}>
        Proof: {formName(form)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} data-testid="proof-summary">
        {isChecking ? (
          <>
            <CircularProgress size={16} aria-hidden />
            <Typography>Checking…</Typography>
          </>
        ) : result ? (
          <Typography
            sx={{ fontWeight: 600, color: failing.length > 0 || problems.length > 0 ? 'error.dark' : 'success.dark' }}
          >
            {summary}{' '}
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              Checked in {formatTook(result.tookMs)}.
            </Box>
          </Typography>
        ) : null}
      </Stack>
      <LiveAnnouncement message={isChecking ? undefined : summary} />
      {proof.status === 'error' && <Alert severity="error">{proof.error}</Alert>}
      {/* The coverage line's place is kept during the first check, so the editor below does not jump when it comes. */}
      {!result && isChecking && (
        <Typography sx={{ mt: 1, color: 'text.secondary' }} data-testid="proof-coverage-pending">
          Counting the rules the golden orders fire…
        </Typography>
      )}
      {result && (
        <Box aria-busy={isChecking} sx={{ opacity: isChecking ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {problems.length > 0 && (
            <Disclosure label={`Show the ${plural(problems.length, 'static problem')}`} testId="proof-problems">
              <Box component="ul" sx={{ m: 0, pl: 3, color: 'error.dark' }}>
                {problems.map((problem, index) => (
                  <li key={index}>
                    {problem.severity} in {fileName(problem.file)}
                    {problem.path ? ` at ${problem.path}` : ''}: {problem.reason}
                  </li>
                ))}
              </Box>
            </Disclosure>
          )}
          {failing.length > 0 && (
            <Box component="section" aria-labelledby="proof-failing-heading" sx={{ mt: 1 }}>
              <Typography id="proof-failing-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                Failing golden orders
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="proof-failing">
                {failing.map((order) => (
                  <FailingOrder
                    key={order.file}
                    order={order}
                    canAccept={!isReadOnly && !isChecking}
                    onAccept={(differences) => accept(order, differences)}
                    onOpen={() => onOpenGoldenOrder(order.file)}
                  />
                ))}
              </Stack>
            </Box>
          )}
          {coverage && (
            <Box sx={{ mt: 1 }} data-testid="proof-coverage">
              <Typography>
                {coverage.fired} of {plural(coverage.defined, 'rule')} fired in at least one golden order.
              </Typography>
              {coverage.unfired.length > 0 && (
                <Disclosure
                  label={`Show the ${plural(coverage.unfired.length, 'rule')} never fired`}
                  testId="proof-unfired"
                >
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {coverage.unfired.map((rule) => (
                      <li key={rule.id}>
                        <Box component="code" sx={{ fontWeight: 600 }}>
                          {rule.id}
                        </Box>
                        {rule.description ? `: ${rule.description}` : ''}
                        {rule.file && (
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            {' '}
                            ({rule.file.replace(/^definitions\//, '')})
                          </Box>
                        )}
                      </li>
                    ))}
                  </Box>
                </Disclosure>
              )}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** A button that shows and hides what follows it (aria-expanded, aria-controls). */
function Disclosure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  return (
    <Box data-testid={testId}>
      <Button size="small" aria-expanded={isOpen} aria-controls={id} onClick={() => setOpen(!isOpen)}>
        {isOpen ? label.replace(/^Show/, 'Hide') : label}
      </Button>
      <Collapse in={isOpen} id={id}>
        {children}
      </Collapse>
    </Box>
  );
}
