import { useEffect } from 'react';

/** Whether a key press belongs to a text field (its own undo) rather than to the page. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type);
}

/**
 * Ctrl+Z / Cmd+Z undoes the last file edit, Ctrl+Shift+Z (or Ctrl+Y) redoes it, Ctrl+S saves: anywhere on the page but
 * inside a text field, where the browser's own undo of the typing comes first.
 */
export function useUndoRedoKeys(actions: { undo(): void; redo(): void; save(): void }): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        actions.save();
        return;
      }
      if (isTextEntry(event.target)) return;
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        actions.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        actions.redo();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions]);
}
