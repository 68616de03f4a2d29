import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from './sidebar-nav.module.css';

export type NavItem = {
  to: string;
  label: string;
  /** Shorter label for the bottom navigation, where five items share a phone's width. */
  shortLabel?: string;
  /** Decorative icon; without one the collapsed rail shows the label's first letter. */
  icon?: ReactNode;
  /** Active only on exactly this path, not on paths below it. */
  end?: boolean;
  /**
   * Further paths whose pages belong to this area, e.g. a contract's self-service pages under
   * 'Verträge': the item is marked current on them and on the pages below them.
   */
  also?: readonly string[];
  /**
   * A count shown on the item's icon, e.g. unread messages: `value` is what is seen, `label` what a
   * screen reader hears after the item's name ('Postfach, 3 ungelesen').
   */
  badge?: { value: string; label: string };
};

function withSlash(path: string): string {
  const lower = path.toLowerCase();
  return lower.endsWith('/') ? lower : `${lower}/`;
}

/**
 * The item of the area the path belongs to: the one with the longest of its paths (`to`, `also`)
 * the path lies on or below (`end`: exactly on `to`). Sidebar and bottom navigation mark it with
 * aria-current on every page of the area, sub-pages included.
 */
export function activeNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const current = withSlash(pathname);
  let active: NavItem | undefined;
  let longest = -1;
  for (const item of items) {
    for (const path of [item.to, ...(item.end ? [] : (item.also ?? []))]) {
      const target = withSlash(path);
      const isMatch = item.end && path === item.to ? current === target : current.startsWith(target);
      if (isMatch && target.length > longest) {
        active = item;
        longest = target.length;
      }
    }
  }
  return active;
}

/** The item of the current page's area (see activeNavItem). */
export function useActiveNavItem(items: readonly NavItem[]): NavItem | undefined {
  return activeNavItem(items, useLocation().pathname);
}

export type SidebarNavProps = {
  /** Accessible name of the nav landmark, e.g. 'Kundenportal'. */
  label: string;
  items: readonly NavItem[];
  /** Controlled state; leave out to let the sidebar keep its own. */
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
};

function NavItemIcon({ item }: { item: NavItem }) {
  return (
    <span className={styles.icon} aria-hidden="true">
      {item.icon ?? item.label.charAt(0)}
      {item.badge ? <span className={styles.badge}>{item.badge.value}</span> : null}
    </span>
  );
}

/**
 * The link's name when a badge is shown: the item's name with the badge's words ('Postfach, 3
 * ungelesen'); the visible count is hidden from screen readers.
 */
export function navItemAriaLabel(item: NavItem): string | undefined {
  return item.badge ? `${item.label}, ${item.badge.label}` : undefined;
}

/** Collapsible sidebar navigation for wide screens; collapsed it shows an icon rail. */
export function SidebarNav({
  label,
  items,
  collapsed,
  defaultCollapsed = false,
  onCollapsedChange,
}: SidebarNavProps) {
  const { t } = useTranslation('navigation');
  const [ownCollapsed, setOwnCollapsed] = useState(defaultCollapsed);
  const isCollapsed = collapsed ?? ownCollapsed;
  const listId = useId();
  const active = useActiveNavItem(items);

  const toggle = () => {
    setOwnCollapsed(!isCollapsed);
    onCollapsedChange?.(!isCollapsed);
  };
  const toggleLabel = t(isCollapsed ? 'sidebar.expand' : 'sidebar.collapse');

  return (
    <nav aria-label={label} className={`${styles.sidebar} ${isCollapsed ? styles.collapsed : ''}`}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={!isCollapsed}
        aria-controls={listId}
        aria-label={isCollapsed ? toggleLabel : undefined}
        title={isCollapsed ? toggleLabel : undefined}
        onClick={toggle}
      >
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        {isCollapsed ? null : <span>{toggleLabel}</span>}
      </button>
      <ul id={listId} className={styles.list}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={item === active ? 'page' : undefined}
              aria-label={navItemAriaLabel(item)}
              className={`${styles.link} ${item === active ? styles.active : ''}`}
              title={isCollapsed ? item.label : undefined}
            >
              <NavItemIcon item={item} />
              <span className={isCollapsed ? 'visually-hidden' : styles.label}>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
