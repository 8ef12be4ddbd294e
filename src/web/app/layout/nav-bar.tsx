import { NavLink } from 'react-router';
import { AppBar, Box, Button, Toolbar } from '@mui/material';
import { hasAnyRole, orderDeskRoles, useMe, workbenchRoles } from '../../shared/api/me';

const navItems = [
  { to: '/Ordering', label: 'Ordering' },
  { to: '/CurrentOrders', label: 'Order Tracking' },
  { to: '/OrderHistory', label: 'Order History' },
  { to: '/ContactList', label: 'Contact Us' },
] as const;

// Shown only to staff who maintain the definitions; the route and the API refuse everyone else too.
const workbenchItem = { to: '/Staff/Definitions', label: 'Definitions' } as const;
// Shown only to order-desk staff; the route and the staff API refuse everyone else too.
const orderDeskItem = { to: '/Staff/Orders', label: 'Order Desk' } as const;

/** The signed-in navigation: logo to the welcome page, the four areas (Order Desk and Definitions for staff), Log Out. */
export function NavBar({ onLogout }: { onLogout(): void }) {
  const me = useMe();
  const items = [
    ...navItems,
    ...(hasAnyRole(me.data, orderDeskRoles) ? [orderDeskItem] : []),
    ...(hasAnyRole(me.data, workbenchRoles) ? [workbenchItem] : []),
  ];
  return (
    <AppBar position="sticky" color="primary" component="header">
      <Toolbar component="nav" aria-label="Main" sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
        <Box
          component={NavLink}
          to="/login/callback"
          aria-label="TEMO welcome page"
          sx={{ display: 'inline-flex', alignItems: 'center', mr: 2, borderRadius: 1, '&:focus-visible': focusRing }}
        >
          <img src="/logo.svg" alt="" width={112} height={36} />
        </Box>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, flexGrow: 1 }}
        >
          {items.map((item) => (
            <li key={item.to}>
              <Button
                component={NavLink}
                to={item.to}
                color="inherit"
                sx={{ '&.active': { bgcolor: 'rgba(255,255,255,0.16)' }, '&:focus-visible': focusRing }}
              >
                {item.label}
              </Button>
            </li>
          ))}
        </Box>
        <Button color="inherit" variant="outlined" onClick={onLogout} sx={{ '&:focus-visible': focusRing }}>
          Log Out
        </Button>
      </Toolbar>
    </AppBar>
  );
}

const focusRing = { outline: '3px solid #ffd166', outlineOffset: 2 };
