import { useState } from 'react';
import { Box, Button, IconButton, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { CategoryNode } from './api/get-categories';

interface CategoryTreeProps {
  categories: CategoryNode[];
  /** The chosen path of names (empty: all parts). */
  selected: string[];
  onSelect(path: string[]): void;
  allLabel?: string;
}

/** The category tree of the parts pages: expandable levels; choosing a category filters the grid. */
export function CategoryTree({ categories, selected, onSelect, allLabel = 'All Parts' }: CategoryTreeProps) {
  return (
    <Box component="nav" aria-label="Categories">
      <Button
        fullWidth
        sx={{ justifyContent: 'flex-start', fontWeight: selected.length === 0 ? 700 : 500 }}
        aria-current={selected.length === 0 ? 'true' : undefined}
        onClick={() => onSelect([])}
      >
        {allLabel}
      </Button>
      <CategoryLevel nodes={categories} parents={[]} selected={selected} onSelect={onSelect} />
    </Box>
  );
}

function CategoryLevel({
  nodes,
  parents,
  selected,
  onSelect,
}: {
  nodes: CategoryNode[];
  parents: string[];
  selected: string[];
  onSelect(path: string[]): void;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: parents.length === 0 ? 0 : 2 }}>
      {nodes.map((node) => (
        <CategoryItem key={node.name} node={node} parents={parents} selected={selected} onSelect={onSelect} />
      ))}
    </Box>
  );
}

function CategoryItem({
  node,
  parents,
  selected,
  onSelect,
}: {
  node: CategoryNode;
  parents: string[];
  selected: string[];
  onSelect(path: string[]): void;
}) {
  const path = [...parents, node.name];
  const isOnSelectedPath = path.every((name, i) => selected[i] === name);
  const [isOpen, setIsOpen] = useState(isOnSelectedPath);
  const isSelected = isOnSelectedPath && selected.length === path.length;
  const hasChildren = node.children.length > 0;
  const listId = `category-${path.join('-').replace(/[^A-Za-z0-9-]/g, '_')}`;
  return (
    <li>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        {hasChildren ? (
          <IconButton
            size="small"
            aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${node.name}`}
            aria-expanded={isOpen}
            aria-controls={listId}
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34 }} />
        )}
        <Button
          size="small"
          onClick={() => {
            onSelect(path);
            if (hasChildren) setIsOpen(true);
          }}
          aria-current={isSelected ? 'true' : undefined}
          sx={{
            justifyContent: 'space-between',
            flex: 1,
            textAlign: 'left',
            fontWeight: isSelected ? 700 : 500,
            bgcolor: isSelected ? 'action.selected' : undefined,
          }}
        >
          <span>{node.name}</span>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {node.count}
          </Typography>
        </Button>
      </Box>
      {hasChildren && isOpen ? (
        <Box id={listId}>
          <CategoryLevel nodes={node.children} parents={path} selected={selected} onSelect={onSelect} />
        </Box>
      ) : null}
    </li>
  );
}
