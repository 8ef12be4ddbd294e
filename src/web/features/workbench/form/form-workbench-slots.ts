/**
 * What the Forms tab hands each part of a form's workbench. The parts live in their own folders and chunks
 * (editor/, preview/, proof/); the tab owns what they share: the draft's files, the field picked, the golden order
 * opened in the preview and the problems the last check found.
 */
import type { Problem } from '../../../../engine';
import type { DraftTree } from '../draft/use-draft-tree';
import type { DraftWorkspaceHandle } from '../draft/use-draft-workspace';

interface FormWorkbenchPart {
  workspace: DraftWorkspaceHandle;
  form: string;
  /** The definitions and the form's golden orders as this page sees them (local edits included). */
  files: DraftTree;
  isReadOnly: boolean;
}

/** editor/draft-form-editor.tsx: `export function DraftFormEditor(props: DraftFormEditorProps)`. */
export interface DraftFormEditorProps extends FormWorkbenchPart {
  /** Data path of the field picked (in the tree, or in the preview for the "why" panel). */
  selectedField: string | undefined;
  onSelectField(path: string | undefined): void;
  /** Static-check problems of the draft as it is now (the proof's last check), shown at their rule. */
  problems: readonly Problem[];
}

/** preview/draft-preview-pane.tsx: `export function DraftPreviewPane(props: DraftPreviewPaneProps)`. */
export interface DraftPreviewPaneProps extends FormWorkbenchPart {
  selectedField: string | undefined;
  onSelectField(path: string | undefined): void;
  /** A golden order (tree path) to open step by step; undefined: the preview plays freely. */
  openedGoldenOrder: string | undefined;
  onCloseGoldenOrder(): void;
}

/** proof/draft-proof-panel.tsx: `export function DraftProofPanel(props: DraftProofPanelProps)`. */
export interface DraftProofPanelProps extends FormWorkbenchPart {
  /** Opens a golden order step by step in the preview. */
  onOpenGoldenOrder(path: string): void;
  /** The static-check problems of each new check of the draft's files. */
  onProblems(problems: readonly Problem[]): void;
}
