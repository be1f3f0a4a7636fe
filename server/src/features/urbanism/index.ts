/** The urbanism feature's public surface for other features (decision 1402). */
export {
  type AnyGeometry,
  type AreaGeometry,
  overlapArea,
  overlapWith,
  planarArea,
  planeAt,
  projectArea,
} from './overlap.logic.js';
