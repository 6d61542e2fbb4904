import { addMessages } from '../../lib/messages';
import './service.css';

const en = {
  service: {
    title: 'Terms of service',
    description: 'The terms for using this analytics service, and how to reach customer service.',
    intro: 'By creating an account or placing our tracking code on a website you accept these terms.',
    sections: {
      account: {
        title: '1. Your account',
        text: 'Keep your password and email address current and secret. You are responsible for everything done with your account and its share links.',
      },
      use: {
        title: '2. Acceptable use',
        text: 'Track only websites you own or may manage. Do not send forged traffic, attack the service or use it for unlawful content.',
      },
      data: {
        title: '3. Data and privacy',
        text: 'We store page views, referrers, approximate areas and devices of your visitors to build your reports. Visitor addresses are not sold or shared. Tell your visitors that you use analytics where the law requires it.',
      },
      payment: {
        title: '4. Plans and payment',
        text: "Paid plans are charged in advance for their period. Balances and payments are recorded in your wallet; refunds follow the order's status.",
      },
      termination: {
        title: '5. Suspension and closing',
        text: 'We may suspend accounts that break these terms. You may stop using the service at any time and remove the tracking code.',
      },
      changes: {
        title: '6. Changes',
        text: 'These terms may change; we announce important changes on the home page. Using the service after a change means accepting it.',
      },
    },
    contactTitle: 'Customer service',
    contactText: 'Questions about your account, payments or these terms? Reach us here.',
  },
};

const zh: typeof en = {
  service: {
    title: '服务条款',
    description: '本统计服务的使用条款，以及联系客服的方式。',
    intro: '注册账号或在网站上放置我们的统计代码，即表示您接受以下条款。',
    sections: {
      account: {
        title: '一、您的账号',
        text: '请妥善保管密码并保持邮箱有效。使用您的账号及其分享链接所进行的一切操作由您负责。',
      },
      use: {
        title: '二、合理使用',
        text: '只统计您拥有或有权管理的网站。不得伪造流量、攻击本服务或将其用于违法内容。',
      },
      data: {
        title: '三、数据与隐私',
        text: '为生成报表，我们保存访客的浏览记录、来源、大致地域与设备。访客地址不会出售或分享。如法律要求，请告知您的访客网站使用了统计服务。',
      },
      payment: {
        title: '四、套餐与付款',
        text: '付费套餐按周期预先收费。余额与付款记录在您的钱包中，退款按订单状态处理。',
      },
      termination: {
        title: '五、暂停与注销',
        text: '违反本条款的账号可能被暂停。您可以随时停止使用本服务并移除统计代码。',
      },
      changes: {
        title: '六、条款变更',
        text: '本条款可能更新，重要变更会在首页公告。变更后继续使用即表示接受。',
      },
    },
    contactTitle: '客服与联系方式',
    contactText: '关于账号、付款或本条款的问题，请通过以下方式联系我们。',
  },
};

addMessages({ en, zh });
