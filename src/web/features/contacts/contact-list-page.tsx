import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useContactList, type ContactGroup, type ContactSection } from './api/get-contact-list';
import { ContactCard } from './contact-card';
import { orderContactSections } from './order-contact-sections';

/** Contact Us: the manufacturer's directory, by section, with regions for the regional consultants. */
export function ContactListPage() {
  usePageTitle('Contact Us');
  const contactList = useContactList();

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h1">TEMO Contact Directory</Typography>
        <Typography color="text.secondary">Call or email the people who can help with your orders.</Typography>
      </Box>
      {contactList.data ? (
        orderContactSections(contactList.data).map((section) => (
          <DirectorySection key={section.name} section={section} />
        ))
      ) : (
        <Box>
          <LoadingText />
          <Box sx={gridSx}>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} variant="rounded" height={140} />
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function DirectorySection({ section }: { section: ContactSection }) {
  const headingId = `section-${section.name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2, pb: 0.5, borderBottom: 2, borderColor: 'primary.main' }}>
        {section.name}
      </Typography>
      <Stack spacing={3}>
        {section.groups.map((group, index) => (
          <DirectoryGroup key={group.name ?? index} group={group} />
        ))}
      </Stack>
    </Box>
  );
}

function DirectoryGroup({ group }: { group: ContactGroup }) {
  return (
    <Box>
      {group.name && (
        <Typography variant="h3" sx={{ mb: 1.5 }}>
          {group.name}
        </Typography>
      )}
      <Box component="ul" sx={gridSx}>
        {group.contacts.map((contact) => (
          <li key={`${contact.name}-${contact.email}`}>
            <ContactCard contact={contact} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

// Spec 1 §2: 4 columns above 800 px, 2 from 601 to 800 px, 1 at 600 px or less.
const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  '@media (max-width: 800px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
} as const;
