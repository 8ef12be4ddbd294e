import { useContext } from 'react';
import { Alert, Box, FormHelperText } from '@mui/material';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { isPathHidden } from '../form-store';
import { FieldExtrasContext, FieldPathContext, useFormStore } from '../form-store-context';
import { useFormSelector } from '../use-form-selector';

/** Widgets that take a whole row of the section grid. */
const wideWidgets = new Set(['radio', 'checkboxQuantity', 'textarea', 'yesNo', 'feetInches', 'currency']);

// Style objects made once per shape, not per render (a keystroke re-renders its field's row).
const rowSx = (isWide: boolean, isObject: boolean) => ({
  gridColumn: isWide ? '1 / -1' : undefined,
  borderRadius: 1,
  p: isObject ? 0 : 1,
  '& .MuiFormLabel-asterisk': { color: 'error.main' },
  '& > .MuiTextField-root': { width: '100%' },
});
const rowSxByShape = new Map<string, SxProps<Theme>>();
function rowSxOf(isWide: boolean, isObject: boolean, isProblem: boolean): SxProps<Theme> {
  const key = `${isWide}${isObject}${isProblem}`;
  let sx = rowSxByShape.get(key);
  if (sx === undefined) {
    const base = rowSx(isWide, isObject);
    sx = isProblem
      ? (theme: Theme) => ({
          ...base,
          bgcolor: alpha(theme.palette.error.main, 0.06),
          outline: `1px solid ${theme.palette.error.main}`,
        })
      : base;
    rowSxByShape.set(key, sx);
  }
  return sx;
}
const wideSx: SxProps<Theme> = { gridColumn: '1 / -1', p: 1 };
const extraSx: SxProps<Theme> = { gridColumn: '1 / -1', px: 1 };
const noticeSx: SxProps<Theme> = { mt: 0.5, py: 0 };

/** The dot path of an rjsf field (`['personalInfo', 'zip']` -> 'personalInfo.zip'). */
export function toDotPath(path: readonly (string | number)[]): string {
  return path.join('.');
}

/**
 * One field row: hidden when the engine hides it, its help, and its message once messages are on (red outline
 * and background). Hands its path to the widget inside, which reads the rest from the store. A field whose
 * `ui:options.noticeFrom` names a computed value shows that text as a short note under it, or in its place while
 * the field is hidden (the notice says why: "Skyview Only Allowed With Studio").
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, hidden, fieldPathId, schema, uiSchema, rawHelp } = props;
  const path = toDotPath(fieldPathId.path);
  const store = useFormStore();
  const isHidden = useFormSelector(store, (view) => path !== '' && isPathHidden(view.state, path), Object.is, path);
  const message = useFormSelector(
    store,
    (view) => (view.isShowingMessages ? view.state.errors[path] : undefined),
    Object.is,
    path,
  );
  const extra = useContext(FieldExtrasContext)[path];
  const noticeFrom = getUiOptions(uiSchema).noticeFrom;
  const notice = useFormSelector(
    store,
    (view) => noticeText(view.state.computed, noticeFrom),
    Object.is,
    `computed:${String(noticeFrom)}`,
  );

  if (path === '') return <FieldPathContext.Provider value={path}>{children}</FieldPathContext.Provider>;
  if (hidden) {
    return (
      <FieldPathContext.Provider value={path}>
        <div hidden data-path={path}>
          {children}
        </div>
      </FieldPathContext.Provider>
    );
  }
  if (isHidden) {
    if (!notice) return null;
    return (
      <Box sx={wideSx}>
        <FieldNotice id={id} path={path} text={notice} />
      </Box>
    );
  }

  const widget = String(getUiOptions(uiSchema).widget ?? '');
  const isObject = schema.type === 'object';
  const isWide = isObject || wideWidgets.has(widget) || Boolean(getUiOptions(uiSchema).wide);
  return (
    <FieldPathContext.Provider value={path}>
      <Box
        data-path={path}
        data-widget={widget || undefined}
        data-problem={message ? 'true' : undefined}
        sx={rowSxOf(isWide, isObject, Boolean(message))}
      >
        {children}
        {rawHelp && !isObject ? <FormHelperText id={`${id}__help`}>{rawHelp}</FormHelperText> : null}
        {notice ? <FieldNotice id={id} path={path} text={notice} /> : null}
        {message ? (
          <FormHelperText id={`${id}__error`} error data-message-for={path}>
            {message}
          </FormHelperText>
        ) : null}
      </Box>
      {extra ? <Box sx={extraSx}>{extra}</Box> : null}
    </FieldPathContext.Provider>
  );
}

/** The computed text a field's `noticeFrom` names, when it has any. */
function noticeText(computed: Record<string, unknown>, name: unknown): string | undefined {
  const text = typeof name === 'string' ? computed[name] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** A field's notice: an info note read out politely when it appears or changes. */
function FieldNotice({ id, path, text }: { id: string; path: string; text: string }) {
  return (
    <Alert id={`${id}__notice`} severity="info" role="status" data-notice-for={path} sx={noticeSx}>
      {text}
    </Alert>
  );
}
