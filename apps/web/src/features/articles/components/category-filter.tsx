import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { usePublicCategories } from '../api';

interface Props {
  value: number | undefined;
  onChange(categoryId: number | undefined): void;
}

/** "All" and the categories that have published articles, as wrapping tags (fits 375px). */
export function CategoryFilter({ value, onChange }: Props) {
  const { t } = useTranslation();
  const categories = usePublicCategories().data ?? [];
  const visible = categories.filter((c) => c.article_count > 0 || c.id === value);
  return (
    <nav
      className="category-filter"
      aria-label={t('articlesPublic.categories')}
      data-testid="category-filter"
    >
      <Tag.CheckableTag checked={value === undefined} onChange={() => onChange(undefined)}>
        {t('articlesPublic.all')}
      </Tag.CheckableTag>
      {visible.map((c) => (
        <Tag.CheckableTag key={c.id} checked={value === c.id} onChange={() => onChange(c.id)}>
          <UserText>{c.name}</UserText> ({c.article_count})
        </Tag.CheckableTag>
      ))}
    </nav>
  );
}
