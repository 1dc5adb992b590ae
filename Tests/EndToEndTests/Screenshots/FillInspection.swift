/// The pixel rules for filled bubbles, read off a screenshot for one fill colour:
/// nothing but the terminal's background within 4 px outside a bubble (the hairlines, dotted
/// edges and dark stripes that block glyphs drawn from a font leave there), no seam across
/// the fill, and no piece of the fill apart from a bubble (a detached tail).
///
/// A bubble is a connected area of the fill colour, opened by 3×3 (so 1-pixel lines do not
/// count as fill), joined with the areas beside it on the same rows (a glyph that covers a
/// whole row, an emoji, cuts a bubble in two), and at least `minimumArea` pixels; smaller
/// areas inside a bubble are the counters of its letters, elsewhere detached pieces. A stray
/// is a pixel of the fill's colour or a blend of it with the background (the text's own
/// colour, where a tall glyph reaches past its row, is the font's, not the bubble's).
struct FillInspection {
    struct Box: Equatable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int

        func contains(_ other: Box) -> Bool {
            other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
        }
    }

    /// The bubbles' boxes, top to bottom.
    private(set) var bubbles: [Box] = []
    /// Pixels within 4 px outside a bubble's box that are not the background.
    private(set) var strays = 0
    /// The bubbles' edges, in pixels (their boxes' perimeters).
    private(set) var edgePixels = 0
    /// Rows of a bubble whose padding differs from the fill on both sides: a line across it.
    private(set) var seamRows = 0
    /// Pieces of the fill outside every bubble.
    private(set) var detachedPieces: [Box] = []

    static let minimumArea = 250

    /// Strays per 100 px of bubble edge (the issue counted about 80 in xterm, 0 in kitty).
    var straysPerHundredEdgePixels: Double { Double(strays) * 100 / Double(max(edgePixels, 1)) }

    var summary: String {
        "\(bubbles.count) bubbles, \(strays) strays (\(straysPerHundredEdgePixels) per 100 px of edge), "
            + "\(seamRows) seam rows, \(detachedPieces.count) detached pieces"
    }

    init(_ picture: Picture, fill: (Int, Int, Int)) {
        let width = picture.width, height = picture.height
        let background = picture.colour(at: 0)
        var spans: [[Int: (Int, Int)]] = []
        let isFill = (0..<(width * height)).map { picture.colour(at: $0, isWithin: 12, of: fill) }
        var eroded = [Bool](repeating: false, count: width * height)
        for y in 1..<max(height - 1, 1) {
            for x in 1..<max(width - 1, 1) {
                eroded[y * width + x] = (-1...1).allSatisfy { dy in
                    (-1...1).allSatisfy { dx in isFill[(y + dy) * width + x + dx] }
                }
            }
        }
        var opened = [Bool](repeating: false, count: width * height)
        for index in eroded.indices where eroded[index] {
            for dy in -1...1 {
                for dx in -1...1 { opened[index + dy * width + dx] = true }
            }
        }

        var seen = [Bool](repeating: false, count: width * height)
        var areas: [Area] = []
        for start in opened.indices where opened[start] && !seen[start] {
            var queue = [start]
            seen[start] = true
            var area = Area()
            var cursor = 0
            while cursor < queue.count {
                let index = queue[cursor]
                cursor += 1
                let x = index % width, y = index / width
                area.add(x: x, y: y)
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                where nx >= 0 && nx < width && ny >= 0 && ny < height {
                    let next = ny * width + nx
                    if opened[next], !seen[next] {
                        seen[next] = true
                        queue.append(next)
                    }
                }
            }
            areas.append(area)
        }
        areas = Area.joiningNeighbours(areas)
        bubbles = areas.filter { $0.pixels >= Self.minimumArea }.map(\.box)
        spans = areas.filter { $0.pixels >= Self.minimumArea }.map(\.rows)
        detachedPieces = areas.filter { $0.pixels < Self.minimumArea }.map(\.box).filter { piece in
            !bubbles.contains { $0.contains(piece) }
        }

        var inside = [Bool](repeating: false, count: width * height)
        var near = [Bool](repeating: false, count: width * height)
        for box in bubbles {
            edgePixels += 2 * (box.maxX - box.minX + 1 + box.maxY - box.minY + 1)
            for y in max(box.minY - 4, 0)...min(box.maxY + 4, height - 1) {
                for x in max(box.minX - 4, 0)...min(box.maxX + 4, width - 1) {
                    near[y * width + x] = true
                    if y >= box.minY, y <= box.maxY, x >= box.minX, x <= box.maxX { inside[y * width + x] = true }
                }
            }
        }
        strays =
            near.indices.filter {
                near[$0] && !inside[$0] && !picture.colour(at: $0, isWithin: 12, of: background)
                    && picture.colour(at: $0, isWithin: 12, ofBlendFrom: background, to: fill)
            }.count

        for rows in spans {
            for (y, span) in rows where span.1 - span.0 > 6 {
                let left = (span.0...(span.0 + 2)).allSatisfy {
                    picture.colour(at: y * width + $0, isWithin: 3, of: fill)
                }
                let right = ((span.1 - 2)...span.1).allSatisfy {
                    picture.colour(at: y * width + $0, isWithin: 3, of: fill)
                }
                if !left, !right { seamRows += 1 }
            }
        }
    }
}

/// Pixels of the fill that touch: their box, their rows' spans, how many.
private struct Area {
    var box = FillInspection.Box(minX: .max, minY: .max, maxX: .min, maxY: .min)
    var rows: [Int: (Int, Int)] = [:]
    var pixels = 0

    mutating func add(x: Int, y: Int) {
        pixels += 1
        box = FillInspection.Box(
            minX: min(box.minX, x), minY: min(box.minY, y), maxX: max(box.maxX, x), maxY: max(box.maxY, y))
        let span = rows[y] ?? (x, x)
        rows[y] = (min(span.0, x), max(span.1, x))
    }

    /// Whether `other` sits beside this on mostly the same rows, at most 8 px away.
    func isBeside(_ other: Area) -> Bool {
        let overlap = min(box.maxY, other.box.maxY) - max(box.minY, other.box.minY) + 1
        let gap = max(box.minX, other.box.minX) - min(box.maxX, other.box.maxX)
        let shorter = min(box.maxY - box.minY, other.box.maxY - other.box.minY) + 1
        return overlap * 2 >= shorter && gap <= 8
    }

    mutating func join(_ other: Area) {
        pixels += other.pixels
        box = FillInspection.Box(
            minX: min(box.minX, other.box.minX), minY: min(box.minY, other.box.minY),
            maxX: max(box.maxX, other.box.maxX), maxY: max(box.maxY, other.box.maxY))
        for (y, span) in other.rows {
            let mine = rows[y] ?? span
            rows[y] = (min(mine.0, span.0), max(mine.1, span.1))
        }
    }

    /// `areas` with every two beside each other joined, until none are.
    static func joiningNeighbours(_ areas: [Area]) -> [Area] {
        var areas = areas
        var index = 0
        while index < areas.count {
            if let other = areas.indices.first(where: { $0 != index && areas[index].isBeside(areas[$0]) }) {
                areas[index].join(areas[other])
                areas.remove(at: other)
                index = 0
            } else {
                index += 1
            }
        }
        return areas
    }
}

extension Picture {
    /// Whether the pixel at `index` is within `tolerance` of a blend of `background` and
    /// `fill` (either included).
    func colour(
        at index: Int, isWithin tolerance: Int, ofBlendFrom background: (Int, Int, Int), to fill: (Int, Int, Int)
    ) -> Bool {
        let pixel = colour(at: index)
        let direction = (fill.0 - background.0, fill.1 - background.1, fill.2 - background.2)
        let length = direction.0 * direction.0 + direction.1 * direction.1 + direction.2 * direction.2
        let along =
            (pixel.0 - background.0) * direction.0 + (pixel.1 - background.1) * direction.1
            + (pixel.2 - background.2) * direction.2
        let share = min(max(Double(along) / Double(max(length, 1)), 0), 1)
        func close(_ value: Int, _ from: Int, _ step: Int) -> Bool {
            abs(Double(value) - (Double(from) + share * Double(step))) <= Double(tolerance)
        }
        return close(pixel.0, background.0, direction.0) && close(pixel.1, background.1, direction.1)
            && close(pixel.2, background.2, direction.2)
    }

    /// The colour of the pixel at `index` (row by row).
    func colour(at index: Int) -> (Int, Int, Int) {
        (Int(rgb[index * 3]), Int(rgb[index * 3 + 1]), Int(rgb[index * 3 + 2]))
    }

    /// Whether the pixel at `index` is within `tolerance` of `colour` in every channel.
    func colour(at index: Int, isWithin tolerance: Int, of colour: (Int, Int, Int)) -> Bool {
        let pixel = self.colour(at: index)
        return abs(pixel.0 - colour.0) <= tolerance && abs(pixel.1 - colour.1) <= tolerance
            && abs(pixel.2 - colour.2) <= tolerance
    }
}
