/** The urbanism feature's public surface for other features (decision 1402). */
export {
  type AnyGeometry,
  type AreaGeometry,
  lineTouches,
  overlapArea,
  type Plane,
  type Position,
  planarArea,
  planeAt,
  pointInPolygons,
  projectArea,
} from './overlap.logic.js';
