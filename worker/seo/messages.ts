/**
 * The `seo` area of the catalogs: the words of the pages the worker renders (document titles,
 * descriptions, social tags and image descriptions, the share page's link), in every locale.
 */
import ar from '../../web/i18n/catalogs/ar/seo.json'
import de from '../../web/i18n/catalogs/de/seo.json'
import en from '../../web/i18n/catalogs/en/seo.json'
import es from '../../web/i18n/catalogs/es/seo.json'
import fr from '../../web/i18n/catalogs/fr/seo.json'
import hi from '../../web/i18n/catalogs/hi/seo.json'
import it from '../../web/i18n/catalogs/it/seo.json'
import ja from '../../web/i18n/catalogs/ja/seo.json'
import ko from '../../web/i18n/catalogs/ko/seo.json'
import ptBR from '../../web/i18n/catalogs/pt-BR/seo.json'
import tr from '../../web/i18n/catalogs/tr/seo.json'
import zhCN from '../../web/i18n/catalogs/zh-CN/seo.json'
import { messageFormatter } from '../lib/i18n'

export type SeoMessageId = keyof typeof en

export const translate = messageFormatter<SeoMessageId>({ en, es, 'pt-BR': ptBR, fr, de, it, tr, ar, hi, ja, ko, 'zh-CN': zhCN })
