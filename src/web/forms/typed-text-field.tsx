import { forwardRef, memo, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { TextField, type InputBaseComponentProps, type TextFieldProps } from '@mui/material';
import { valueAt, type FormStore } from './form-store';

/** Where a typed input's text comes from: the text to show now, and when it may have changed. */
export interface TextSource {
  /** The text the input shows now: the store's, or one typed and held back. */
  read(): string;
  /** Whether the text shown is held back from the store (the input is marked data-pending). */
  isHeld?(): boolean;
  /** Calls the listener whenever `read` may answer differently (the store's value of the path, a held text). */
  subscribe(listener: () => void): () => void;
}

export type TypedTextFieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'inputRef' | 'onFocus' | 'onBlur'
> & {
  /** Made once per path (a new source re-subscribes). */
  source: TextSource;
  onText(text: string): void;
  /** The input loses focus (the store's blur: clamps, empty defaults). */
  onLeave?(): void;
};

/**
 * A MUI TextField whose input is not controlled: it holds what the dealer types, so a keystroke re-renders none of
 * the MUI field. After each edit, on leaving, and whenever its source says so (a normalised or clamped edit, a reset,
 * a restored draft, an edit taken back), the source's text is written into the input where it differs: what a
 * controlled input would show. Pass stable props (memoised source, callbacks and slotProps): a parent's render then
 * costs nothing here.
 */
export const TypedTextField = memo(function TypedTextField({
  source,
  onText,
  onLeave,
  slotProps,
  ...props
}: TypedTextFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  // MUI follows what is typed into an uncontrolled input, not what is written into it: the label's place is ours,
  // shrunk while focused or filled. One state, so emptying the field while typing in it re-renders nothing here.
  const [isShrunk, setIsShrunk] = useState(() => source.read() !== '');
  const isFocused = useRef(false);
  const sourceRef = useRef(source);
  const show = useRef(() => {
    const input = inputRef.current;
    if (!input) return;
    const text = sourceRef.current.read();
    if (input.value !== text) input.value = text;
    if (sourceRef.current.isHeld?.()) input.setAttribute('data-pending', 'true');
    else input.removeAttribute('data-pending');
    setIsShrunk(isFocused.current || text !== '');
  }).current;
  useLayoutEffect(() => {
    sourceRef.current = source;
    show();
    return source.subscribe(show);
  }, [source, show]);
  const onTyped = (event: ChangeEvent<HTMLInputElement>) => {
    onText(event.target.value);
    show();
  };
  return (
    <TextField
      {...props}
      defaultValue={source.read()}
      inputRef={inputRef}
      onFocus={() => {
        isFocused.current = true;
        setIsShrunk(true);
      }}
      onBlur={() => {
        isFocused.current = false;
        onLeave?.();
        show();
      }}
      slotProps={{
        ...slotProps,
        input: { ...slotProps?.input, inputComponent: DirectInput },
        htmlInput: { ...(slotProps?.htmlInput as InputBaseComponentProps | undefined), onTyped },
        inputLabel: { ...slotProps?.inputLabel, shrink: isShrunk },
      }}
    />
  );
});

/**
 * The native input of a TypedTextField, its edits told to the field directly. MUI's own change handler first sets
 * the FormControl's `filled` state, which re-rendered the whole field (label, outline, input) each time the input
 * emptied or filled; the label's place and the outline's notch follow TypedTextField's `shrink` instead.
 */
const DirectInput = forwardRef<HTMLInputElement, InputBaseComponentProps>(function DirectInput(
  { onTyped, onChange: _fromMui, ...props },
  ref,
) {
  return <input ref={ref} {...props} onChange={onTyped as (event: ChangeEvent<HTMLInputElement>) => void} />;
});

/** Texts typed but held back from the store (a wall length that would force its door), shown until applied. */
export interface HeldTexts {
  pendingText(path: string): string | undefined;
  subscribe(listener: () => void): () => void;
}

/** The text an input shows for a stored value. */
export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * One path of the store as an input's text (a held text of the path first): `format` turns the stored value into
 * the text (default: as it is, empty for none).
 */
export function storeTextSource(
  store: FormStore,
  path: string,
  { held, format = textOf }: { held?: HeldTexts; format?: (value: unknown) => string } = {},
): TextSource {
  return {
    read: () => held?.pendingText(path) ?? format(valueAt(store.getState(), path)),
    isHeld: () => held?.pendingText(path) !== undefined,
    subscribe(listener) {
      const unsubscribeStore = store.subscribeTo(path, listener);
      const unsubscribeHeld = held?.subscribe(listener);
      return () => {
        unsubscribeStore();
        unsubscribeHeld?.();
      };
    },
  };
}
