/** A text field that hands its text over when the user leaves it (or presses Enter on one line), not per keystroke. */
import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

export type CommitTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'defaultValue'> & {
  value: string;
  onCommit: (text: string) => void;
};

export function CommitTextField({ value, onCommit, multiline, onKeyDown, ...props }: CommitTextFieldProps) {
  const [text, setText] = useState(value);
  const [editing, setEditing] = useState(false);
  // While the user is not in the field it shows the file's text (undo, another editor).
  const shown = editing ? text : value;
  const commit = () => {
    setEditing(false);
    if (text !== value) onCommit(text);
  };
  return (
    <TextField
      {...props}
      multiline={multiline}
      value={shown}
      onFocus={() => {
        setText(value);
        setEditing(true);
      }}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !multiline) commit();
        if (event.key === 'Escape') {
          setText(value);
          setEditing(false);
        }
        onKeyDown?.(event);
      }}
    />
  );
}
