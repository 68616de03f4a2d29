import { Link } from 'react-router';
import { navItemAriaLabel, useActiveNavItem, type NavItem } from './sidebar-nav';
import styles from './bottom-nav.module.css';

export type BottomNavProps = {
  /** Accessible name of the nav landmark, e.g. 'Kundenportal'. */
  label: string;
  /** Up to five items fit on a 320 px screen. */
  items: readonly NavItem[];
};

/** Navigation fixed to the bottom of narrow screens, replacing the sidebar. */
export function BottomNav({ label, items }: BottomNavProps) {
  const active = useActiveNavItem(items);
  return (
    <nav aria-label={label} className={styles.bottomNav}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to} className={styles.item}>
            <Link
              to={item.to}
              aria-current={item === active ? 'page' : undefined}
              aria-label={navItemAriaLabel(item)}
              className={`${styles.link} ${item === active ? styles.active : ''}`}
            >
              <span className={styles.icon} aria-hidden="true">
                {item.icon ?? item.label.charAt(0)}
                {item.badge ? <span className={styles.badge}>{item.badge.value}</span> : null}
              </span>
              <span className={styles.label}>{item.shortLabel ?? item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
