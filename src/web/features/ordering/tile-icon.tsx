import type { SvgIconComponent } from '@mui/icons-material';
import BrushIcon from '@mui/icons-material/Brush';
import CampaignIcon from '@mui/icons-material/Campaign';
import CottageIcon from '@mui/icons-material/Cottage';
import DeckIcon from '@mui/icons-material/Deck';
import GridOnIcon from '@mui/icons-material/GridOn';
import HolidayVillageIcon from '@mui/icons-material/HolidayVillage';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WindowIcon from '@mui/icons-material/Window';
import BuildIcon from '@mui/icons-material/Build';

const iconsByTile: Record<string, SvgIconComponent> = {
  Impact: HomeWorkIcon,
  SunRooms: CottageIcon,
  ScreenRooms: WindowIcon,
  Pavilions: HolidayVillageIcon,
  Pergolas: DeckIcon,
  Displays: StorefrontIcon,
  Marketing: CampaignIcon,
  SpareParts: BuildIcon,
  CustomTrapGlass: GridOnIcon,
};

/** A decorative picture for a product tile (product photos replace these when the image store is wired). */
export function TileIcon({ name }: { name: string }) {
  const Icon = iconsByTile[name] ?? BrushIcon;
  return <Icon aria-hidden="true" sx={{ fontSize: 44, color: 'primary.main', flexShrink: 0 }} />;
}
