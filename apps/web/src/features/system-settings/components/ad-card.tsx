import { DeleteOutlined } from '@ant-design/icons';
import { AD_POSITIONS } from '@tally/contracts';
import { Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageInput } from '../../../components/image-picker/image-input';
import { lazySchemas } from '../../../lib/zod-check';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Props {
  /** The item's index in the ads list. */
  name: number;
  onRemove(): void;
}

/** One ad of the list: image, title, link, position, order and on/off. */
export function AdCard({ name, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="ad-card"
      data-testid="ad-card"
      title={`#${name + 1}`}
      extra={
        <Popconfirm title={t('sysSettings.ads.removeConfirm')} onConfirm={onRemove}>
          <Button type="text" danger icon={<DeleteOutlined />}>
            {t('sysSettings.ads.remove')}
          </Button>
        </Popconfirm>
      }
    >
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'title']}
            label={t('sysSettings.ads.title')}
            rules={[schemas.fieldRule('adInputSchema', 'title')]}
          >
            <Input data-testid="ad-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'link']}
            label={t('sysSettings.ads.link')}
            rules={[schemas.fieldRule('adInputSchema', 'link')]}
          >
            <Input placeholder="https://" data-testid="ad-link" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name={[name, 'image']}
            label={t('sysSettings.ads.image')}
            rules={[schemas.fieldRule('adInputSchema', 'image')]}
          >
            <ImageInput testId="ad-image" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'position']} label={t('sysSettings.ads.position')}>
            <Select
              options={AD_POSITIONS.map((p) => ({ value: p, label: t(`sysSettings.ads.positions.${p}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'order']}
            label={t('sysSettings.ads.order')}
            tooltip={t('sysSettings.ads.orderHelp')}
            rules={[schemas.fieldRule('adInputSchema', 'order')]}
          >
            <InputNumber min={0} max={9999} precision={0} className="full-width" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'enabled']} label={t('sysSettings.ads.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
