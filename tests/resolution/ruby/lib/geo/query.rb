module Geo
  # a fluent builder: each method ends by returning the object, so a chain of calls nests as deep as it
  # is long; it may start at a created object or at a class method
  class Query
    def where(field)
      self
    end

    def limit(count)
      self
    end

    def page(size)
      self
    end

    def build
      ""
    end

    def self.make
      new
    end

    def report
      Query.new.where(:a).limit(10).page(2).where(:b).build
      #         ^ defined: lib/geo/query.rb:5
      #                             ^ defined: lib/geo/query.rb:13
      #                                               ^ defined: lib/geo/query.rb:17
    end

    def started
      query = Query.make
      query.where(:a).limit(1).build
      #               ^ defined: lib/geo/query.rb:9
      #                        ^ defined: lib/geo/query.rb:17
    end
  end
end
