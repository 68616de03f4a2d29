import { NavLink } from 'react-router';
import type { NavItem } from './sidebar-nav';
import styles from './bottom-nav.module.css';

export type BottomNavProps = {
  /** Accessible name of the nav landmark, e.g. 'Kundenportal'. */
  label: string;
  /** Up to five items fit on a 320 px screen. */
  items: readonly NavItem[];
};

/** Navigation fixed to the bottom of narrow screens, replacing the sidebar. */
export function BottomNav({ label, items }: BottomNavProps) {
  return (
    <nav aria-label={label} className={styles.bottomNav}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to} className={styles.item}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
            >
              <span className={styles.icon} aria-hidden="true">
                {item.icon ?? item.label.charAt(0)}
              </span>
              <span className={styles.label}>{item.shortLabel ?? item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
