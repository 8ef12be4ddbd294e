/**
 * What @rjsf/core gets for `markdown-to-jsx/react` (vite.config.ts points its imports here): the same `Markdown`,
 * loaded on first use. rjsf renders markdown only for `ui:enableMarkdownInDescription`/`InHelp` and its own error
 * notes, which no definition uses, so its 28 kB gz parser stays out of every configurator's first load; until the
 * chunk arrives the text shows as it is.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const RealMarkdown = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

type MarkdownProps = ComponentProps<typeof RealMarkdown>;

export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<>{props.children}</>}>
      <RealMarkdown {...props} />
    </Suspense>
  );
}
