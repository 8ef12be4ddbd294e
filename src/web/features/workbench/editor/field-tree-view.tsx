/**
 * The form's fields as an accessible tree (WAI-ARIA tree pattern: role tree/treeitem/group, one tab stop, arrow keys,
 * Home/End, Enter or Space to select, typing a letter jumps to the next field starting with it). Written here rather
 * than adding @mui/x-tree-view, which the app does not use elsewhere.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Typography } from '@mui/material';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldNode } from './model/field-tree';

export interface FieldTreeViewProps {
  tree: readonly FieldNode[];
  /** The selected node's id (a field path). */
  selected?: string;
  onSelect: (node: FieldNode) => void;
  /** Accessible name of the tree. */
  label: string;
  /** A short note after a field's label (e.g. how many rules touch it). */
  noteOf?: (node: FieldNode) => string | undefined;
}

interface Row {
  node: FieldNode;
  level: number;
  parent?: string;
}

/** The rows a reader sees: every node whose ancestors are all expanded. */
function visibleRows(tree: readonly FieldNode[], expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (nodes: readonly FieldNode[], level: number, parent?: string) => {
    for (const node of nodes) {
      rows.push({ node, level, parent });
      if (node.children.length > 0 && expanded.has(node.id)) walk(node.children, level + 1, node.id);
    }
  };
  walk(tree, 1);
  return rows;
}

/** The ids of the selected node's ancestors (so a selection from outside is shown). */
function ancestorsOf(tree: readonly FieldNode[], id: string | undefined): string[] {
  if (!id) return [];
  const path: string[] = [];
  const find = (nodes: readonly FieldNode[]): boolean =>
    nodes.some((node) => {
      if (node.id === id) return true;
      path.push(node.id);
      if (find(node.children)) return true;
      path.pop();
      return false;
    });
  return find(tree) ? path : [];
}

export function FieldTreeView({ tree, selected, onSelect, label, noteOf }: FieldTreeViewProps) {
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set(tree.filter((node) => node.kind === 'section').map((node) => node.id)),
  );
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const items = useRef(new Map<string, HTMLLIElement>());
  const shownExpanded = useMemo(
    () => new Set([...expanded, ...ancestorsOf(tree, selected)]),
    [expanded, tree, selected],
  );
  const rows = useMemo(() => visibleRows(tree, shownExpanded), [tree, shownExpanded]);
  const active = rows.some((row) => row.node.id === focused)
    ? focused
    : rows.some((row) => row.node.id === selected)
      ? selected
      : rows[0]?.node.id;

  const focus = (id: string | undefined) => {
    if (!id) return;
    setFocused(id);
    items.current.get(id)?.focus();
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set([...current, ...ancestorsOf(tree, selected)]);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent, row: Row, index: number) => {
    const hasChildren = row.node.children.length > 0;
    const isOpen = shownExpanded.has(row.node.id);
    switch (event.key) {
      case 'ArrowDown':
        focus(rows[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(rows[index - 1]?.node.id);
        break;
      case 'Home':
        focus(rows[0]?.node.id);
        break;
      case 'End':
        focus(rows.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) toggle(row.node.id, true);
        else if (hasChildren) focus(row.node.children[0].id);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen) toggle(row.node.id, false);
        else focus(row.parent);
        break;
      case 'Enter':
      case ' ':
        if (row.node.kind === 'field') onSelect(row.node);
        else toggle(row.node.id, !isOpen);
        break;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLowerCase();
        const after = [...rows.slice(index + 1), ...rows.slice(0, index + 1)];
        focus(after.find((candidate) => candidate.node.label.toLowerCase().startsWith(letter))?.node.id);
        break;
      }
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const render = (nodes: readonly FieldNode[], level: number) =>
    nodes.map((node) => {
      const index = rows.findIndex((row) => row.node.id === node.id);
      const row = rows[index];
      const hasChildren = node.children.length > 0;
      const isOpen = shownExpanded.has(node.id);
      const isSelected = node.kind === 'field' && node.id === selected;
      const note = noteOf?.(node);
      return (
        <li
          key={node.id}
          ref={(element) => {
            if (element) items.current.set(node.id, element);
            else items.current.delete(node.id);
          }}
          role="treeitem"
          aria-level={level}
          aria-expanded={hasChildren ? isOpen : undefined}
          aria-selected={node.kind === 'field' ? isSelected : undefined}
          aria-label={node.kind === 'field' ? `${node.label} (${node.path})${note ? `, ${note}` : ''}` : node.label}
          tabIndex={node.id === active ? 0 : -1}
          onKeyDown={(event) => row && onKeyDown(event, row, index)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocused(node.id);
          }}
          onClick={(event) => {
            event.stopPropagation();
            setFocused(node.id);
            if (node.kind === 'field') onSelect(node);
            if (hasChildren && (node.kind === 'section' || !isOpen)) toggle(node.id, !isOpen);
          }}
          style={{ listStyle: 'none' }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              pl: (level - 1) * 2,
              py: 0.25,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: isSelected ? 'action.selected' : undefined,
              'li:focus-visible > &': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
              '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
            }}
          >
            {hasChildren ? (
              isOpen ? (
                <ExpandMoreIcon fontSize="small" aria-hidden />
              ) : (
                <ChevronRightIcon fontSize="small" aria-hidden />
              )
            ) : (
              <Box component="span" sx={{ width: 20, flex: 'none' }} />
            )}
            <Typography
              component="span"
              variant="body2"
              sx={{ fontWeight: node.kind === 'section' ? 600 : undefined, flex: 1, minWidth: 0 }}
              noWrap
            >
              {node.label}
              {node.kind === 'field' && node.label !== node.path && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                  {node.path}
                </Typography>
              )}
            </Typography>
            {note && (
              <Typography component="span" variant="caption" color="text.secondary" aria-hidden>
                {note}
              </Typography>
            )}
          </Box>
          {hasChildren && isOpen && (
            <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
              {render(node.children, level + 1)}
            </Box>
          )}
        </li>
      );
    });

  return (
    <Box component="ul" role="tree" aria-label={label} sx={{ m: 0, p: 0 }}>
      {render(tree, 1)}
    </Box>
  );
}
