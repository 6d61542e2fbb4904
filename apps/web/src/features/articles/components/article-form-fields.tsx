import { ARTICLE_STATUSES } from '@tally/contracts';
import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageInput } from '../../../components/image-picker/image-input';
import { KeyboardDatePicker } from '../../../components/keyboard-date-picker';
import { lazySchemas } from '../../../lib/zod-check';
import { useCategories } from '../api';

const schemas = lazySchemas(() => import('../form-schemas'));

/** Everything of an article but its body: title, summary, cover, category, status, time, pin. */
export function ArticleFormFields() {
  const { t } = useTranslation();
  const categories = useCategories().data ?? [];
  return (
    <>
      <Form.Item
        name="title"
        label={t('content.form.title')}
        rules={[schemas.fieldRule('articleSaveBodySchema', 'title')]}
      >
        <Input maxLength={200} showCount data-testid="article-title" />
      </Form.Item>
      <Form.Item
        name="summary"
        label={t('content.form.summary')}
        extra={t('content.form.summaryHelp')}
        rules={[schemas.fieldRule('articleSaveBodySchema', 'summary')]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} data-testid="article-summary" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="cover"
            label={t('content.form.cover')}
            rules={[schemas.fieldRule('articleSaveBodySchema', 'cover')]}
          >
            <ImageInput testId="article-cover" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="category_id" label={t('content.form.category')}>
            <Select
              allowClear
              placeholder={t('content.noCategory')}
              options={categories.map((c) => ({ value: c.id, label: c.name }))}
              data-testid="article-category"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="pinned" label={t('content.form.pinned')} valuePropName="checked">
            <Switch data-testid="article-pinned" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('content.form.status')}>
            <Radio.Group
              optionType="button"
              options={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`content.status.${s}`) }))}
              data-testid="article-status"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="publish_at"
            label={t('content.form.publishAt')}
            extra={t('content.form.publishAtHelp')}
          >
            {/* A stand-in until used: antd's pickers stay off the page's first load. */}
            <KeyboardDatePicker
              showTime
              format="YYYY-MM-DD HH:mm"
              className="full-width"
              data-testid="article-publish-at"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
