/**
 * Issue 32 'Lists': the column chooser, saved views and the bulk bar's counts.
 */
export const listsMessages = {
  columns: 'Columnas',
  columnsOf: (list: string) => `Columnas de ${list}`,
  columnsSaveFailed: 'No se pudieron guardar las columnas elegidas.',
  views: 'Vistas',
  viewsOf: (list: string) => `Vistas guardadas de ${list}`,
  noViews: 'No hay vistas guardadas.',
  saveView: 'Guardar vista actual',
  viewName: 'Nombre de la vista',
  save: 'Guardar',
  cancel: 'Cancelar',
  applyView: (name: string) => `Aplicar vista ${name}`,
  deleteView: (name: string) => `Eliminar vista ${name}`,
  deleteViewConfirm: (name: string) => `¿Eliminar la vista "${name}"?`,
  remove: 'Eliminar',
  viewSaved: (name: string) => `Vista "${name}" guardada.`,
  viewDeleted: (name: string) => `Vista "${name}" eliminada.`,
  viewFailed: 'No se pudo guardar la vista.',
  viewNameTaken: 'Ya tiene una vista con ese nombre en esta lista.',
  viewNotFound: 'La vista no existe.',
  listKeyInvalid: 'La lista indicada no existe.',
  columnInvalid: 'Columna no válida.',
  viewNameRequired: 'Escriba un nombre para la vista.',
  tooManyViews: (max: number) => `Puede guardar hasta ${max} vistas por lista.`,
  /** The bulk bar: an action that applies to some of the selected rows. */
  appliesTo: (count: number, total: number) => `aplica a ${count} de ${total}`,
  noBulkAllowed: 'Ninguna acción masiva aplica a los registros seleccionados.',
} as const;
