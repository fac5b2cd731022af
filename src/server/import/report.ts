/** The import's report for people (Spanish) and as JSON (issue 43). */
import type { ImportResult } from './run';

export function humanReport(result: ImportResult): string {
  const lines: string[] = [];
  lines.push(
    result.dryRun
      ? 'Importación de prueba (--dry-run): nada se guardó, todo se deshizo al final.'
      : 'Importación del sistema anterior',
  );
  lines.push('');
  lines.push(
    'Entidad                  Origen  Mapeados  Creados  Actualizados  Sin cambios  Cuarentena  Borrados',
  );
  for (const entity of result.entities) {
    lines.push(
      `${entity.label.padEnd(22)} ${String(entity.sourceCount).padStart(8)} ${String(entity.mapped).padStart(9)} ` +
        `${String(entity.created).padStart(8)} ${String(entity.updated).padStart(13)} ${String(entity.unchanged).padStart(12)} ` +
        `${String(entity.quarantined).padStart(11)} ${String(entity.deleted).padStart(9)}` +
        (entity.resumedAt !== null ? `  (continuada desde el registro ${entity.resumedAt})` : ''),
    );
    for (const reason of entity.reasons.slice(0, 5)) lines.push(`    cuarentena: ${reason}`);
  }
  lines.push('');
  lines.push('Conciliación de cantidades (origen = mapeados = count del origen):');
  for (const count of result.reconciliation.counts)
    if (!count.ok)
      lines.push(
        `  DIFERENCIA ${count.entity}: origen ${count.source}, count ${count.listed}, mapeados ${count.mapped}, ` +
          `en cuarentena ${count.quarantined}`,
      );
  if (result.reconciliation.counts.every((count) => count.ok)) lines.push('  todas iguales');
  lines.push('Conciliación de importes por oficina, mes y moneda:');
  for (const money of result.reconciliation.money) {
    lines.push(
      `  ${money.entity}: ${money.groups} grupos; origen ${money.source.count} reg., precio final ${money.source.final_price}, ` +
        `comisión ${money.source.commission}, neto ${money.source.net_price}; aquí ${money.here.count} reg., ` +
        `${money.here.final_price} / ${money.here.commission} / ${money.here.net_price}` +
        (money.differences.length ? `; ${money.differences.length} DIFERENCIAS` : '; iguales'),
    );
    for (const difference of money.differences.slice(0, 10))
      lines.push(
        `    ${difference.key}: origen ${difference.source.join(' / ')} ≠ aquí ${difference.here.join(' / ')}`,
      );
  }
  lines.push(
    '  (refund: la primera columna es lo reclamado, la segunda lo aprobado; por oficina, mes de la solicitud y moneda.)',
  );
  lines.push('');
  for (const problem of result.reviewProblems.slice(0, 50))
    lines.push(
      `Historial de revisiones de pago de la oficina ${problem.legacy_id} no traído: ${problem.reason}.`,
    );
  for (const problem of result.imageProblems.slice(0, 50))
    lines.push(`Imagen del producto ${problem.legacy_id} no traída: ${problem.reason}.`);
  if (result.maskedPayments.length) {
    lines.push(
      `${result.maskedPayments.length} reintegros con datos bancarios enmascarados en el sistema anterior: ` +
        'ninguna llamada documentada los da completos; quedan incompletos aquí (pedir los datos bancarios otra vez):',
    );
    for (const masked of result.maskedPayments.slice(0, 50))
      lines.push(`    reintegro ${masked.legacy_id}: ${masked.fields.join(', ')}`);
  }
  for (const entity of result.entities)
    if (entity.reused)
      lines.push(
        `${entity.label}: ${entity.reused} registros sin cambios desde la última importación (ni ellos ni su reserva): ` +
          'sus pagos no se volvieron a pedir (--all-payments los pide todos).',
      );
  if (result.usersWithoutPassword)
    lines.push(
      `${result.usersWithoutPassword} usuarios creados sin contraseña: la definen con 'Olvidé mi contraseña'.`,
    );
  lines.push(
    `${result.requests} pedidos al sistema anterior (${result.retries} reintentos), ${result.seconds.toFixed(1)} s.`,
  );
  lines.push(
    result.reconciliation.ok ? 'Resultado: CONCILIADO.' : 'Resultado: NO CONCILIA (ver diferencias arriba).',
  );
  return `${lines.join('\n')}\n`;
}

export function jsonReport(result: ImportResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
