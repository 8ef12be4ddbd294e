import { useEffect, useRef } from 'react';
import { useSnackbar } from 'notistack';
import { startInactivityTimer } from './inactivity-timer';

interface InactivitySignOutOptions {
  warnAfterMs: number;
  logoutAfterMs: number;
  onLogout(): void;
}

/** While mounted: toast '5 minutes left' after the warning time idle, and sign out after the logout time. */
export function useInactivitySignOut({ warnAfterMs, logoutAfterMs, onLogout }: InactivitySignOutOptions): void {
  const { enqueueSnackbar } = useSnackbar();
  const onLogoutRef = useRef(onLogout);
  useEffect(() => {
    onLogoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(
    () =>
      startInactivityTimer({
        warnAfterMs,
        logoutAfterMs,
        onWarn: () => enqueueSnackbar('5 minutes left', { variant: 'warning', preventDuplicate: true }),
        onLogout: () => onLogoutRef.current(),
        target: window,
      }),
    [warnAfterMs, logoutAfterMs, enqueueSnackbar],
  );
}
