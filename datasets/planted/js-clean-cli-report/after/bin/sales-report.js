#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { formatReport, salesReport } from '../src/report.js';

const orders = JSON.parse(readFileSync(process.argv[2] ?? 'orders.json', 'utf8'));
console.log(formatReport(salesReport(orders)));
