import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  orderDeskKeys,
  orderDetailsQuery,
  staffOrderQuery,
  type EmailOrderAnswer,
  type SentEmail,
  type StaffOrder,
} from '../api/order-desk-api';
import { formatOrderDate } from '../../../shared/dates/format-order-date';
import { formatMoment } from '../desk-dates';
import { moveBlocker, nextStatusOf, statusLabels, type OrderStatus } from '../order-moves';
import { DetailerForm } from './detailer-form';
import { EmailDialog } from './email-dialog';
import { MoveDialog } from './move-dialog';
import { OrderFiles } from './order-files';
import { OrderLines } from './order-lines';
import { OrderTimeline } from './order-timeline';
import { SentEmailView } from './sent-email';

export interface OrderPanelProps {
  fileName: string;
  /** Opened with `m`: the next move's confirmation opens as soon as the order is shown. */
  startWithMove: boolean;
  onClose(): void;
  /** Something about the order changed (a move, the detailer, a message): the grid reloads its rows. */
  onChanged(): void;
}

type Notice = { kind: 'moved'; to: OrderStatus } | { kind: 'conflict'; message: string; seenStatus: OrderStatus };

/** Keys typed into a field are the field's: shortcuts only act elsewhere. */
function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input, textarea, select, [contenteditable="true"]'));
}

/**
 * One order, beside the grid: the moves its state allows (each confirmed in a dialog), the detailer, e-mail to the
 * dealer, the posted data as the dealer confirmed it, its files and the timeline of moves. Escape closes it.
 */
export function OrderPanel({ fileName, startWithMove, onClose, onChanged }: OrderPanelProps) {
  const queryClient = useQueryClient();
  const order = useQuery(staffOrderQuery(fileName));
  const details = useQuery(orderDetailsQuery(fileName));
  const [moveTo, setMoveTo] = useState<OrderStatus | null>(null);
  const [isEmailOpen, setEmailOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sent, setSent] = useState<SentEmail | null>(null);
  const [pendingMoveShortcut, setPendingMoveShortcut] = useState(startWithMove);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // After a dialog's work the button that opened it may be gone or disabled: focus goes to the panel's title.
  const focusTitle = () => window.setTimeout(() => titleRef.current?.focus(), 0);

  const shown = order.data;
  const next = shown ? nextStatusOf(shown.status) : undefined;
  const blocker = shown && next ? moveBlocker(shown, next) : undefined;

  const openNextMove = () => {
    if (shown && next && !blocker) setMoveTo(next);
  };

  // `m` on a grid row: once the order is shown, its next move's confirmation opens (if the move can go ahead).
  useEffect(() => {
    if (!pendingMoveShortcut || !shown) return;
    setPendingMoveShortcut(false);
    if (next && !blocker) setMoveTo(next);
  }, [pendingMoveShortcut, shown, next, blocker]);

  const refreshOrder = () => {
    void queryClient.invalidateQueries({ queryKey: orderDeskKeys.order(fileName) });
    void queryClient.invalidateQueries({ queryKey: orderDeskKeys.details(fileName) });
    onChanged();
  };
  const showOrder = (updated: StaffOrder) => {
    queryClient.setQueryData(orderDeskKeys.order(fileName), updated);
    void queryClient.invalidateQueries({ queryKey: orderDeskKeys.details(fileName) });
    onChanged();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'm' || event.key === 'M') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (isTyping(event.target) || moveTo || isEmailOpen) return;
      event.preventDefault();
      openNextMove();
    }
  };

  const titleId = 'order-panel-title';
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // The page puts focus back on the order's row itself: the grid may have redrawn it meanwhile.
      disableRestoreFocus
      slotProps={{
        paper: {
          sx: { width: { xs: '100vw', sm: 640 }, p: 2 },
          role: 'dialog',
          'aria-labelledby': titleId,
          'data-testid': 'order-panel',
        } as object,
      }}
      onKeyDown={onKeyDown}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h2"
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }}
          >
            {shown?.jobName || fileName}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Close the order panel">
          <CloseIcon />
        </IconButton>
      </Stack>

      {order.isPending && <Typography role="status">Loading the order…</Typography>}
      {order.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          The order could not be loaded. It may have been removed; close the panel and reload the list.
        </Alert>
      )}

      {shown && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip label={statusLabels[shown.status]} color="primary" data-testid="order-panel-state" />
            <Typography>{details.data?.dealerName}</Typography>
            {details.data?.formTitle && <Typography color="text.secondary">· {details.data.formTitle}</Typography>}
            <Typography color="text.secondary">· Sent {formatOrderDate(shown.createdAt)}</Typography>
          </Stack>

          <div role="status" aria-live="polite" data-testid="order-panel-notice">
            {notice?.kind === 'moved' && (
              <Alert severity="success">Moved to {statusLabels[notice.to]}. The dealer sees it now.</Alert>
            )}
            {notice?.kind === 'conflict' && <ConflictNotice order={shown} notice={notice} />}
          </div>

          <PanelSection title="Next move">
            {next ? (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Button
                  variant="contained"
                  onClick={openNextMove}
                  disabled={Boolean(blocker)}
                  aria-keyshortcuts="m"
                  data-testid="next-move"
                >
                  Move to {statusLabels[next]}
                </Button>
                <Typography variant="body2" color={blocker ? 'warning.dark' : 'text.secondary'}>
                  {blocker ?? 'Shortcut: m'}
                </Typography>
              </Stack>
            ) : (
              <Typography>Shipped: the order moves no further.</Typography>
            )}
          </PanelSection>

          {/* A detailer means something from queued to confirmed (the server refuses it before and after). */}
          {shown.status !== 'initial' && shown.status !== 'shipped' && (
            <PanelSection title="Detailer">
              <DetailerForm key={`${fileName}-${shown.detailer ?? ''}`} order={shown} onSaved={showOrder} />
            </PanelSection>
          )}

          <PanelSection title="E-mail the dealer">
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              {/* Its defaults (recipients, greeting) come with the order's details: it opens once they are here. */}
              <Button variant="outlined" onClick={() => setEmailOpen(true)} disabled={!details.data}>
                E-mail the dealer…
              </Button>
              {shown.emailedOn && (
                <Typography variant="body2">E-mailed on {formatOrderDate(shown.emailedOn)}</Typography>
              )}
              {sent && <SentEmailView email={sent} highlight />}
              {details.data?.emails
                .filter((email) => email.id !== sent?.id)
                .map((email) => (
                  <SentEmailView key={email.id} email={email} />
                ))}
            </Stack>
          </PanelSection>

          <PanelSection title="As the dealer confirmed it">
            {details.isPending && <Typography role="status">Loading the order&apos;s lines…</Typography>}
            {details.isError && <Typography color="error">The order&apos;s lines could not be loaded.</Typography>}
            {details.data && <OrderLines lines={details.data.lines} />}
          </PanelSection>

          <PanelSection title="Files">{details.data && <OrderFiles files={details.data.files} />}</PanelSection>

          <PanelSection title="Timeline">
            <OrderTimeline events={shown.events} />
          </PanelSection>
        </Stack>
      )}

      {shown && moveTo && (
        <MoveDialog
          order={shown}
          to={moveTo}
          onClose={() => setMoveTo(null)}
          onMoved={(moved) => {
            setMoveTo(null);
            setNotice({ kind: 'moved', to: moved.status });
            showOrder(moved);
            focusTitle();
          }}
          onConflict={(message) => {
            setMoveTo(null);
            setNotice({ kind: 'conflict', message, seenStatus: shown.status });
            refreshOrder();
            focusTitle();
          }}
        />
      )}
      {shown && isEmailOpen && (
        <EmailDialog
          order={shown}
          details={details.data}
          onClose={() => setEmailOpen(false)}
          onSent={(answer: EmailOrderAnswer) => {
            setEmailOpen(false);
            setSent(answer.email);
            showOrder(answer.order);
            focusTitle();
          }}
        />
      )}
    </Drawer>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A colleague moved the order first: who, to what and when, from the refreshed timeline (the server's words until then). */
function ConflictNotice({ order, notice }: { order: StaffOrder; notice: Extract<Notice, { kind: 'conflict' }> }) {
  const last = order.events.at(-1);
  const isRefreshed = order.status !== notice.seenStatus && last;
  return (
    <Alert severity="warning" data-testid="move-conflict">
      {isRefreshed
        ? `Moved by ${last.actor} to ${statusLabels[last.to]} while you were looking (${formatMoment(last.at)}). The panel shows the order as it is now.`
        : `${notice.message}. The panel shows the order as it is now.`}
    </Alert>
  );
}
